import type { TagListItem } from "@netfleet/contracts/schemas/tags";
import type { TagListRow } from "./tags.repo";

export function presentTag({ tag, companyName, devicesCount }: TagListRow): TagListItem {
  return {
    id: tag.id,
    name: tag.name,
    description: tag.description,
    color: tag.color,
    company_id: tag.companyId,
    company_name: companyName,
    devices_count: devicesCount,
    // Tag actions (firmware or configuration pushed to tagged devices) arrive with tasks.
    actions: [],
    created_at: tag.createdAt.toISOString(),
  };
}
