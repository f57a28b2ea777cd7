import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { ConfirmMfaEnrolmentBody, MfaEnrolled } from "@netfleet/contracts/schemas/mfa";
import { http } from "../../../lib/http";
import { mfaQueryKey } from "./get-mfa";

/** Switches the enrolment started last on, proven by a code from the new factor. */
export async function confirmMfaEnrolment(body: ConfirmMfaEnrolmentBody): Promise<MfaEnrolled> {
  const response = await http.put<DataEnvelope<MfaEnrolled>>("/api/mfa", body);
  return response.data.data;
}

export function useConfirmMfaEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmMfaEnrolment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaQueryKey }),
  });
}
