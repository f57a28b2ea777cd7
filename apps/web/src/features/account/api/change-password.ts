import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordBody } from "@netfleet/contracts/schemas/mfa";
import { http } from "../../../lib/http";

/** Sets a new password for the signed-in user; answers the server's message, if any. */
export async function changePassword(body: ChangePasswordBody): Promise<string | undefined> {
  const response = await http.put<{ message?: string }>("/api/user/password", body);
  return response.data.message;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
