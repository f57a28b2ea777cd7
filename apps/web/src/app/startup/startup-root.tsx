import {
  type ComponentType,
  type LazyExoticComponent,
  Suspense,
  lazy,
  useEffect,
  useState,
} from "react";
import { useTranslation } from "../../lib/i18n";
import { DEFAULT_LANDING_PAGE } from "@netfleet/contracts/constants";
import { routeByName } from "@netfleet/contracts/routes";
import { FullPageLoader } from "../../components/layout/full-page-loader";
import { OfflineScreen } from "../../components/screens/offline-screen";
import { UpdatePrompt } from "../../features/onboarding/components/update-prompt";
import { sameOriginTarget } from "../../lib/browser-location";
import { DocumentRouter } from "./document-router";
import { useNetworkStatusToasts } from "./network-status";
import { type StartupScreenName, chooseScreen } from "./screen-choice";
import { StartupErrorBoundary } from "./startup-error-boundary";

// Each screen is its own chunk: a remote-connection window never loads the console.
const SCREENS: Record<StartupScreenName, LazyExoticComponent<ComponentType>> = {
  "desktop-connect": lazy(() =>
    import("../connect/desktop-screen").then((m) => ({ default: m.DesktopScreen })),
  ),
  "console-connect": lazy(() =>
    import("../connect/console-screen").then((m) => ({ default: m.ConsoleScreen })),
  ),
  "file-transfer": lazy(() =>
    import("../connect/file-transfer-screen").then((m) => ({ default: m.FileTransferScreen })),
  ),
  main: lazy(() => import("./main-app").then((m) => ({ default: m.MainApp }))),
};

const OFFLINE_PATH = routeByName("offline")?.path ?? "/offline";

/** Where the offline page leads back to once the network returns. */
function pageBeforeOffline(): string {
  const { pathname, search, hash } = window.location;
  if (pathname !== OFFLINE_PATH) return `${pathname}${search}${hash}`;
  const from = new URLSearchParams(search).get("continue_url");
  return sameOriginTarget(from, DEFAULT_LANDING_PAGE);
}

/**
 * Offline at start-up (SH-START-005): the offline page, at its own address. It is part of
 * the first chunk, because nothing else can be fetched now.
 */
function OfflineStart() {
  const [continueTo] = useState(pageBeforeOffline);
  useEffect(() => {
    const query = new URLSearchParams({ continue_url: continueTo });
    window.history.replaceState(null, "", `${OFFLINE_PATH}?${query.toString()}`);
  }, [continueTo]);
  return (
    <DocumentRouter>
      <OfflineScreen continueTo={continueTo} />
    </DocumentRouter>
  );
}

/**
 * The screen the start-up path decides (shell §2 "Start-up and special screens"). `loaded`:
 * the console's own screen when its chunk has arrived before the first render. It is shown
 * at once: a lazy screen would show the loader first, and React then holds back what
 * replaces a loader for up to 300 ms after it appeared.
 */
export function StartupScreen({ pathname, loaded }: { pathname: string; loaded?: ComponentType }) {
  const { t } = useTranslation("startup");
  const [offline] = useState(() => !navigator.onLine);
  if (offline) return <OfflineStart />;
  const choice = chooseScreen(pathname);
  const Screen = (choice === "main" && loaded) || SCREENS[choice];
  return (
    <StartupErrorBoundary>
      <Suspense fallback={<FullPageLoader label={t("loading")} />}>
        <Screen />
      </Suspense>
    </StartupErrorBoundary>
  );
}

/** Everything a page load renders: its screen, the update prompt and the network toasts. */
export function StartupRoot({ mainApp }: { mainApp?: ComponentType }) {
  useNetworkStatusToasts();
  return (
    <>
      <StartupScreen pathname={window.location.pathname} loaded={mainApp} />
      <UpdatePrompt />
    </>
  );
}
