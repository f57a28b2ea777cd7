import { toRmsDateTime } from "@netfleet/contracts/dates";
import type { CompanyListItem } from "@netfleet/contracts/schemas/companies";
import type { CompanyListRow } from "./companies.repo";

export function presentCompany(row: CompanyListRow): CompanyListItem {
  const { company } = row;
  return {
    id: company.id,
    name: company.name,
    parent_id: company.parentId ?? 0,
    // RMS's parent_name is a string: a top-level company has none, so the key is left out.
    ...(row.parentName !== null && { parent_name: row.parentName }),
    level: company.level,
    devices_count: row.devicesCount,
    users_count: row.usersCount,
    created_at: toRmsDateTime(company.createdAt),
  };
}
