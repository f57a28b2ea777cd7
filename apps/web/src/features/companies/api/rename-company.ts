import type { CompanyUpdateBody } from "@netfleet/contracts/schemas/companies";
import { http } from "../../../lib/http";

/** Saves a company's name; an e-mail left out stays as it is. */
export async function renameCompany(id: number, body: CompanyUpdateBody): Promise<void> {
  await http.put(`/api/companies/${id}`, body);
}
