import type { RemoveUserMfaBody } from "@netfleet/contracts/schemas/mfa";
import { http } from "../../../lib/http";

/**
 * Turns off the second factor of the account with this e-mail, for a user who lost it
 * (super administrators only, D13). The server asks the caller to confirm first; the HTTP
 * client shows that dialog and retries.
 */
export async function removeUserMfa(body: RemoveUserMfaBody): Promise<string | undefined> {
  const response = await http.delete<{ message?: string }>("/api/admin/users/mfa", { data: body });
  return response.data.message;
}
