import { http } from "../../../lib/http";

/** Deletes a custom role nobody holds; the server refuses it while anyone does. */
export async function deleteRole(id: number): Promise<string | undefined> {
  const response = await http.delete<{ message?: string }>(`/api/roles/${id}`);
  return response.data.message;
}
