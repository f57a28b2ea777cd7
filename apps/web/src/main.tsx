import "@mantine/core/styles.layer.css";
import "@mantine/notifications/styles.layer.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { i18nReady } from "./lib/i18n";
import { queryClient } from "./lib/query-client";
import { AppProviders } from "./app/providers";
import { loadPageOf } from "./app/route-pages";
import { chooseScreen } from "./app/startup/screen-choice";
import { registerServiceWorkerOnLoad } from "./app/startup/service-worker";
import { startEarly } from "./app/startup/start-session";
import { StartupRoot } from "./app/startup/startup-root";
import { installConfirmationHandlers } from "./features/mfa/confirmation-handlers";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// Development builds change on every save; a worker would only get in the way there.
if (import.meta.env.PROD) registerServiceWorkerOnLoad();

// Calls that need the password again or a second factor ask for it in a dialog.
installConfirmationHandlers();

// The session, the console's start and its page are asked for while the language arrives,
// and before the first render, which holds the thread for a while: the requests would wait
// behind it. The session first: the browser fetches six files at a time from a host, and
// the page's code would keep it waiting. Not awaited at the top level: the start's chunk
// needs modules bundled with this one, which would wait for this module to finish first.
const startsMainApp = navigator.onLine && chooseScreen(window.location.pathname) === "main";
if (startsMainApp) startEarly(queryClient);
const mainApp = startsMainApp
  ? import("./app/startup/main-app").then(
      // With the console's first page ready where it can be, so that the first render draws it.
      (app) =>
        app
          .prepareMainApp(queryClient)
          .catch(() => undefined)
          .then(() => app.MainApp),
      // The screen's own import retries and shows what failed.
      () => undefined,
    )
  : undefined;
if (startsMainApp) loadPageOf(window.location.pathname);

// The first screen already speaks the user's language: its chunk has arrived.
void Promise.all([mainApp, i18nReady]).then(([loaded]) =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StartupRoot mainApp={loaded} />
      </AppProviders>
    </StrictMode>,
  ),
);
