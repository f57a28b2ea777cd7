import { RoutePage } from "../../../components/layout/route-page";
import { MoveLogs } from "../../../features/users/components/move-logs";

export function Component() {
  return (
    <RoutePage>
      <MoveLogs />
    </RoutePage>
  );
}
