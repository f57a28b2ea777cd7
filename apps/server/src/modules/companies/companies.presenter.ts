import { toRmsDateTime } from "@netfleet/contracts/dates";
import type { Company, CompanyListItem } from "@netfleet/contracts/schemas/companies";
import type { CompanyRow } from "./companies.repo";

export function presentCompany(row: CompanyRow): CompanyListItem {
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
    subsidiaries_count: row.subsidiariesCount,
    credits_left: row.creditsLeft,
    remaining_data: row.remainingData,
    created_at: toRmsDateTime(company.createdAt),
  };
}

/** One company, as its page and the answers of company writes show it. */
export function presentCompanyDetail(row: CompanyRow): Company {
  return {
    ...presentCompany(row),
    packs_left: row.packsLeft,
    payment_type: row.holdsPaid ? "paid" : "free",
    show_payment: row.company.showPayment,
    ...(row.company.email !== null && { email: row.company.email }),
  };
}
