import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { signInLinkBodySchema } from "@netfleet/contracts/schemas/account";
import { http } from "../../../lib/http";
import type { SignInResult } from "./sign-in";

export type SignInLinkBody = z.input<typeof signInLinkBodySchema>;

/**
 * Redeems an e-mailed sign-in link. Answers as sign-in does: where to go, or first
 * `MFA_REQUIRED`, which the HTTP client hands to the code dialog before this resolves.
 */
export async function signInWithLink(body: SignInLinkBody): Promise<SignInResult> {
  const response = await http.post<DataEnvelope<SignInResult>>("/account/sign-in/link", body);
  return response.data.data;
}

export function useSignInWithLink() {
  return useMutation({ mutationFn: signInWithLink });
}
