import { queryOptions, useQuery } from "@tanstack/react-query";
import { http } from "../../../lib/http";

interface MessageEnvelope {
  success: true;
  message?: string;
}

export async function verifyEmail(token: string): Promise<string | undefined> {
  const response = await http.post<MessageEnvelope>("/account/email/verify", { token });
  return response.data.message;
}

/**
 * A query rather than a mutation on purpose: the page verifies on load, and a query runs
 * once per token however often the page mounts (React's strict mode mounts twice), where
 * a second POST would find the token already used.
 */
export function verifyEmailQuery(token: string) {
  return queryOptions({
    queryKey: ["account", "email-verification", token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useVerifyEmail(token: string) {
  return useQuery(verifyEmailQuery(token));
}
