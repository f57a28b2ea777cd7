import { toRmsDateTime } from "@netfleet/contracts/dates";
import type { TagListItem } from "@netfleet/contracts/schemas/tags";
import type { TagListRow } from "./tags.repo";

export function presentTag({ tag, companyName, devicesCount }: TagListRow): TagListItem {
  return {
    id: tag.id,
    name: tag.name,
    // RMS's description and color are strings: a tag without one leaves the key out.
    ...(tag.description !== null && { description: tag.description }),
    ...(tag.color !== null && { color: tag.color }),
    company_id: tag.companyId,
    company_name: companyName,
    devices_count: devicesCount,
    // Tag actions (firmware or configuration pushed to tagged devices) arrive with tasks.
    actions: [],
    created_at: toRmsDateTime(tag.createdAt),
  };
}
