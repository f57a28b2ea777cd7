import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { Invitation } from "@netfleet/contracts/schemas/invitations";
import { http } from "../../../lib/http";

/**
 * Sends a pending or expired invitation again with a new link, valid for another 7 days;
 * the old link stops working. Answers the server's message.
 */
export async function resendInvitation(id: number): Promise<string | undefined> {
  const response = await http.post<DataEnvelope<Invitation>>(`/api/users/invitations/${id}/resend`);
  return response.data.message;
}
