import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { EnrolmentToken } from "@netfleet/contracts/schemas/devices";
import { http } from "../../../../lib/http";
import { enrolmentTokenKey } from "./enrolment-token";

/**
 * Replaces a company's enrolment token: the old one stops enrolling at once, devices
 * enrolled with it keep their own secrets.
 */
export async function replaceEnrolmentToken(companyId: number): Promise<string> {
  const response = await http.post<DataEnvelope<EnrolmentToken>>(
    `/api/companies/${companyId}/enrolment-token`,
    {},
  );
  return response.data.data.token;
}

export function useReplaceEnrolmentToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceEnrolmentToken,
    onSuccess: (token, companyId) => queryClient.setQueryData(enrolmentTokenKey(companyId), token),
  });
}
