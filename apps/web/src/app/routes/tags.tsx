import { RoutePage } from "../../components/layout/route-page";
import { TagsList } from "../../features/tags/components/tags-list";

export function Component() {
  return (
    <RoutePage>
      <TagsList />
    </RoutePage>
  );
}
