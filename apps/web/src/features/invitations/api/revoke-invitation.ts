import { http } from "../../../lib/http";

/** Revokes an invitation: its link stops working, and it stays listed as revoked. */
export async function revokeInvitation(id: number): Promise<string | undefined> {
  const response = await http.delete<{ message?: string }>(`/api/users/invitations/${id}`);
  return response.data.message;
}
