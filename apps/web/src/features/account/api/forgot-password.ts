import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { forgotPasswordBodySchema } from "@netfleet/contracts/schemas/account";
import { http } from "../../../lib/http";

export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

/** Always answers with a message, whether or not the e-mail has an account. */
export async function forgotPassword(body: ForgotPasswordBody): Promise<string | undefined> {
  const response = await http.post<{ message?: string }>("/account/password/forgot", body);
  return response.data.message;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
