import { useEffect } from "react";
import { useRouteError } from "react-router";
import { ErrorScreen } from "./error-screen";
import { FullPageLoader } from "./full-page-loader";

const RELOADED_AT_KEY = "nf_chunk_reload_at";

/** A page chunk that no longer exists on the server: a new version was deployed meanwhile. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

function reloadedRecently(): boolean {
  const at = Number(window.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  return Date.now() - at < 10_000;
}

export function RouteError() {
  const error = useRouteError();
  const reload = isChunkLoadError(error) && !reloadedRecently();

  useEffect(() => {
    if (!reload) return;
    window.sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    window.location.reload();
  }, [reload]);

  if (reload) return <FullPageLoader label="Updating Netfleet" />;
  return (
    <ErrorScreen
      title="Something went wrong"
      message="This page could not be shown. Reload to try again; if it keeps happening, contact your administrator."
    />
  );
}
