import { RoutePage } from "../../components/layout/route-page";
import { Changelog } from "../../features/user-menu/components/changelog";

export function Component() {
  return (
    <RoutePage>
      <Changelog />
    </RoutePage>
  );
}
