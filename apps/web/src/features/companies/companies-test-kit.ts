import type { Company, CompanyListItem } from "@netfleet/contracts/schemas/companies";
import type { FakeReply, FakeRequest } from "../../test/fake-api";

/** A company row as `GET /api/companies` answers it. */
export function companyRow(id: number, overrides: Partial<CompanyListItem> = {}): CompanyListItem {
  return {
    id,
    name: `Company ${id}`,
    parent_id: 1,
    parent_name: "Netfleet Demo",
    level: 2,
    devices_count: id * 3,
    users_count: id,
    subsidiaries_count: 0,
    credits_left: 0,
    remaining_data: 0,
    created_at: "2025-01-02 03:04:05",
    ...overrides,
  };
}

/** One company as `GET /api/companies/{id}` answers it. */
export function companyDetail(id: number, overrides: Partial<Company> = {}): Company {
  return {
    ...companyRow(id),
    packs_left: 0,
    payment_type: "free",
    show_payment: false,
    ...overrides,
  };
}

/**
 * A tree in tree order: Netfleet Demo (the test user's company) with North, which has
 * North Retail at the last level, and South.
 */
export const TREE: readonly CompanyListItem[] = [
  companyRow(1, {
    name: "Netfleet Demo",
    parent_id: 0,
    parent_name: undefined,
    level: 1,
    devices_count: 12,
    users_count: 4,
    subsidiaries_count: 2,
  }),
  companyRow(2, { name: "North", devices_count: 7, users_count: 2, subsidiaries_count: 1 }),
  companyRow(3, {
    name: "North Retail",
    parent_id: 2,
    parent_name: "North",
    level: 3,
    devices_count: 5,
    users_count: 1,
  }),
  companyRow(4, { name: "South", devices_count: 0, users_count: 3 }),
];

/** The server's answer to a page of `rows`, sliced by the request's limit and offset. */
export function listAnswer(request: FakeRequest, rows: readonly CompanyListItem[]): FakeReply {
  const limit = Number(request.query.get("limit") ?? 10);
  const offset = Number(request.query.get("offset") ?? 0);
  return {
    status: 200,
    body: { success: true, data: rows.slice(offset, offset + limit), meta: { total: rows.length } },
  };
}
