import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { http } from "../../../lib/http";

/**
 * A remote session opened with a one-time key (decision D8). Remote access is a later
 * capability: until the server serves this call, every key is unknown to it.
 */
export type RemoteSession = Record<string, unknown>;

export async function getRemoteSession(key: string, signal?: AbortSignal): Promise<RemoteSession> {
  const response = await http.get<{ data: RemoteSession }>(
    `/api/remote/sessions/${encodeURIComponent(key)}`,
    { signal },
  );
  return response.data.data;
}

export function remoteSessionQuery(key: string | null) {
  return queryOptions({
    queryKey: ["remote-sessions", key],
    queryFn: key === null ? skipToken : ({ signal }) => getRemoteSession(key, signal),
    // A one-time key is checked once; asking again could spend it.
    staleTime: Infinity,
    retry: false,
  });
}

export function useRemoteSession(key: string | null) {
  return useQuery(remoteSessionQuery(key));
}
