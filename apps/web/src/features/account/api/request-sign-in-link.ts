import { useMutation } from "@tanstack/react-query";
import type { RequestSignInLinkBody } from "@netfleet/contracts/schemas/account";
import { http } from "../../../lib/http";

/** Always answers with a message, whether or not the e-mail has an account. */
export async function requestSignInLink(body: RequestSignInLinkBody): Promise<string | undefined> {
  const response = await http.post<{ message?: string }>("/account/sign-in/link/request", body);
  return response.data.message;
}

export function useRequestSignInLink() {
  return useMutation({ mutationFn: requestSignInLink });
}
