import { useMutation } from "@tanstack/react-query";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { MfaEnrolment, StartMfaEnrolmentBody } from "@netfleet/contracts/schemas/mfa";
import { http } from "../../../lib/http";

/**
 * Starts enrolling a second factor: for an authenticator app the answer carries the secret
 * and its QR code, for e-mail a code is sent. Nothing changes until the code is confirmed.
 */
export async function startMfaEnrolment(body: StartMfaEnrolmentBody): Promise<MfaEnrolment> {
  const response = await http.post<DataEnvelope<MfaEnrolment>>("/api/mfa", body);
  return response.data.data;
}

export function useStartMfaEnrolment() {
  return useMutation({ mutationFn: startMfaEnrolment });
}
