import { queryOptions, useQuery } from "@tanstack/react-query";
import { useFirstPaintShown } from "../../../lib/first-paint";
import { http } from "../../../lib/http";
import { VERSION_CHECK_INTERVAL_MS } from "../version-check";

/** The deployed version, as the build wrote it next to index.html (`version.json`). */
export interface AppVersion {
  version: string;
  /** Seconds since the epoch when the deployed bundle was built. */
  timestamp: number;
}

export async function getAppVersion(signal?: AbortSignal): Promise<AppVersion> {
  const response = await http.get<AppVersion>("/version.json", {
    signal,
    // The answer must come from the server, never from a cache along the way.
    headers: { "Cache-Control": "no-cache" },
    params: { t: Date.now() },
  });
  return response.data;
}

export function appVersionQuery() {
  return queryOptions({
    queryKey: ["app-version"],
    queryFn: ({ signal }) => getAppVersion(signal),
    staleTime: 0,
    // A failed check is not worth retrying: the next one comes soon enough.
    retry: false,
  });
}

/** Checks at once and every 5 minutes, also while the tab is in the background. */
export function useAppVersion(enabled: boolean) {
  // The first check waits for the page to show.
  const shown = useFirstPaintShown();
  return useQuery({
    ...appVersionQuery(),
    enabled: enabled && shown,
    refetchInterval: VERSION_CHECK_INTERVAL_MS,
    refetchIntervalInBackground: true,
  });
}
