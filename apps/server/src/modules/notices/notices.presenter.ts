import type { ManagedNotice, Notice } from "@netfleet/contracts/schemas/notices";
import type { ManagedNoticeRow, NoticeRow } from "./notices.repo";

export function presentNotice(row: NoticeRow): Notice {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    enabled_at: row.enabledAt.toISOString(),
  };
}

/** `created_by` is the author's e-mail; null once that account is deleted. */
export function presentManagedNotice({ notice, createdByEmail }: ManagedNoticeRow): ManagedNotice {
  return {
    ...presentNotice(notice),
    created_at: notice.createdAt.toISOString(),
    updated_at: notice.updatedAt.toISOString(),
    created_by: createdByEmail,
  };
}
