import { useMutation } from "@tanstack/react-query";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { RegisterBody } from "@netfleet/contracts/schemas/account";
import { http } from "../../../lib/http";
import type { SignInResult } from "./sign-in";

/** Accepts an invitation; the answer's `location` is where the now signed-in user goes. */
export async function registerAccount(body: RegisterBody): Promise<SignInResult> {
  const response = await http.post<DataEnvelope<SignInResult>>("/account/register", body);
  return response.data.data;
}

export function useRegisterAccount() {
  return useMutation({ mutationFn: registerAccount });
}
