import { useMutation } from "@tanstack/react-query";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type {
  GrantImpersonationAccessBody,
  GrantImpersonationAccessResult,
} from "@netfleet/contracts/schemas/impersonation";
import { http } from "../../../lib/http";

/** Asks to allow impersonation until a date; nothing changes until the e-mailed link is opened. */
export async function grantImpersonationAccess(
  body: GrantImpersonationAccessBody,
): Promise<GrantImpersonationAccessResult> {
  const response = await http.post<DataEnvelope<GrantImpersonationAccessResult>>(
    "/api/user/impersonation-access",
    body,
  );
  return response.data.data;
}

export function useGrantImpersonationAccess() {
  return useMutation({ mutationFn: grantImpersonationAccess });
}
