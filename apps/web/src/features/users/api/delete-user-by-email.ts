import type { AdminDeleteUserBody } from "@netfleet/contracts/schemas/users";
import { http } from "../../../lib/http";

/**
 * Deletes the account with this e-mail, in whichever company it is (super administrators
 * only, D13); confirmed first as `removeUserMfa` is.
 */
export async function deleteUserByEmail(body: AdminDeleteUserBody): Promise<string | undefined> {
  const response = await http.delete<{ message?: string }>("/api/admin/users", { data: body });
  return response.data.message;
}
