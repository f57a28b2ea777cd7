import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { SignInBody, signInResultSchema } from "@netfleet/contracts/schemas/account";
import { http } from "../../../lib/http";

export type SignInResult = z.infer<typeof signInResultSchema>;

export async function signIn(body: SignInBody): Promise<SignInResult> {
  const response = await http.post<DataEnvelope<SignInResult>>("/account/sign-in", body);
  return response.data.data;
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
