import { http } from "../../../lib/http";

/**
 * Deletes a company. The server asks for the password first (a 423 the HTTP client turns
 * into the password dialog) and refuses while the company still has devices or users.
 */
export async function deleteCompany(id: number): Promise<void> {
  await http.delete(`/api/companies/${id}`);
}
