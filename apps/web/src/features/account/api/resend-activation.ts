import { useMutation } from "@tanstack/react-query";
import { http } from "../../../lib/http";

export async function resendActivation(): Promise<void> {
  await http.post("/account/user/activation/resend");
}

export function useResendActivation() {
  return useMutation({ mutationFn: resendActivation });
}
