import { http } from "../../../lib/http";

/** Deletes a user of the caller's company tree; their devices and companies stay. */
export async function deleteUser(id: number): Promise<void> {
  await http.delete(`/api/users/${id}`);
}
