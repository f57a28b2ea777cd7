import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import type { Theme } from "@netfleet/contracts/schemas/theme";
import { DEFAULT_THEME } from "@netfleet/contracts/theme";
import { http } from "./http";

/**
 * What the installation tells every browser before sign-in: its branding and whether an
 * error reporter is configured (`GET /api/app-config`). Until it arrives, and if it
 * cannot be read, the console looks like the unbranded product.
 */
export interface AppConfig {
  theme: Theme;
  error_reporting: { url: string; environment?: string } | null;
  /** A tile URL template for device maps; null draws maps without tiles. */
  map_tile_url: string | null;
}

export const FALLBACK_APP_CONFIG: AppConfig = {
  theme: DEFAULT_THEME,
  error_reporting: null,
  map_tile_url: null,
};

export async function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  // Start-up needs it whatever page opens first: a route change must not cancel it.
  const response = await http.get<{ data: AppConfig }>("/api/app-config", {
    signal,
    keepOnRouteChange: true,
  });
  return { ...FALLBACK_APP_CONFIG, ...response.data.data };
}

export function appConfigQuery() {
  return queryOptions({
    queryKey: ["app-config"],
    queryFn: ({ signal }) => getAppConfig(signal),
    // Branding changes with a server restart at most.
    staleTime: Infinity,
  });
}

/**
 * The theme in effect: the default one until start-up has read the configuration. It
 * only reads what start-up fetched, so no component asks the server by itself.
 */
export function useTheme(): Theme {
  const config = useQuery<AppConfig>({ queryKey: appConfigQuery().queryKey, queryFn: skipToken });
  return config.data?.theme ?? DEFAULT_THEME;
}
