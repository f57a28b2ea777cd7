import { RoutePage } from "../../components/layout/route-page";
import { NewTagButton } from "../../features/tags/components/tag-actions";
import { TagsList } from "../../features/tags/components/tags-list";

export function Component() {
  return (
    <RoutePage actions={<NewTagButton />}>
      <TagsList />
    </RoutePage>
  );
}
