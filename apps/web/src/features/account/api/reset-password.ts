import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { resetPasswordBodySchema } from "@netfleet/contracts/schemas/account";
import { http } from "../../../lib/http";

export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

export async function resetPassword(body: ResetPasswordBody): Promise<string | undefined> {
  const response = await http.post<{ message?: string }>("/account/password/reset", body);
  return response.data.message;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
