import { useMutation } from "@tanstack/react-query";
import { DEFAULT_LANDING_PAGE } from "@netfleet/contracts/constants";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import { browserLocation, sameOriginTarget } from "../../../lib/browser-location";
import { http } from "../../../lib/http";

/** Starts acting as the user in this browser session; answers where to go. */
export async function startImpersonation(userId: number): Promise<string> {
  const response = await http.post<DataEnvelope<{ location: string }>>(
    `/api/users/${userId}/impersonate`,
  );
  return response.data.data.location;
}

/**
 * Start, then load the console afresh as the impersonated user: a full page load, so that
 * nothing cached from the operator's own session shows.
 */
export function useStartImpersonation() {
  return useMutation({
    mutationFn: startImpersonation,
    onSuccess: (location) =>
      browserLocation.assign(sameOriginTarget(location, DEFAULT_LANDING_PAGE)),
  });
}
