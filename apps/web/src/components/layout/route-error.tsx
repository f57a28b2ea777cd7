import { useEffect, useState } from "react";
import { useRouteError } from "../../lib/router";
import { useTranslation } from "../../lib/i18n";
import { ErrorScreen } from "./error-screen";
import { FullPageLoader } from "./full-page-loader";
import { browserLocation } from "../../lib/browser-location";

/** Session storage: when the page last reloaded because a chunk failed to load. */
export const CHUNK_RELOAD_KEY = "nf_chunk_reload_at";
/** A second failure within this window is not a stale deployment: show it, do not loop. */
const RELOAD_GUARD_MS = 10_000;

/**
 * A page chunk that no longer exists on the server (a new version was deployed since this
 * page loaded) or could not be fetched. Browsers word it differently; Vite adds its own.
 */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

let reloadRequested = false;

/**
 * Whether a failed chunk may reload the page: not when this tab already reloaded for that
 * reason moments ago (the chunk is really gone, or the network is), so nothing loops.
 */
export function chunkReloadAllowed(): boolean {
  if (reloadRequested) return true;
  try {
    const last = Number(window.sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
    return Date.now() - last >= RELOAD_GUARD_MS;
  } catch {
    // Without session storage a reload could not be told from a loop.
    return false;
  }
}

/** Reloads the page for a failed chunk (SH-ERR-019), remembering when, once per page. */
export function reloadForChunkError(): void {
  if (reloadRequested) return;
  reloadRequested = true;
  try {
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  } catch {
    // chunkReloadAllowed() said storage works; a failure here only weakens the guard.
  }
  browserLocation.reload();
}

/** The router's error element: reloads for a missing chunk, else says something went wrong. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation("startup");
  // Decided once per error; the reload itself happens after rendering.
  const [reload] = useState(() => isChunkLoadError(error) && chunkReloadAllowed());

  useEffect(() => {
    if (reload) reloadForChunkError();
  }, [reload]);

  if (reload) return <FullPageLoader label={t("updating")} />;
  return <ErrorScreen title={t("crashTitle")} message={t("routeErrorMessage")} />;
}
