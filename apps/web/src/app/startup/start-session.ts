import type { QueryClient } from "@tanstack/react-query";
import { START_UP_ERROR_CODES } from "@netfleet/contracts/errors";
import { routeByName } from "@netfleet/contracts/routes";
import type { MaintenanceErrorData } from "../../components/screens/maintenance-screen";
import { currentUserQuery } from "../../features/users/api/get-current-user";
import { SESSIONLESS_PAGES } from "../../lib/account-paths";
import { appConfigQuery } from "../../lib/app-config";
import { configureErrorReporter } from "../../lib/error-reporter";
import { sessionStartFailure, setSessionState } from "../../lib/http";
import type { ApiRequestError } from "../../lib/http";
import { setUpUserStorage } from "../../lib/user-storage";

export type StartUpErrorCode = (typeof START_UP_ERROR_CODES)[number];

/** How start-up ends: the console, a notice chosen by error code, sign-in or maintenance. */
export type StartupOutcome =
  | { kind: "app" }
  | { kind: "notice"; code: StartUpErrorCode; email: string | null }
  /** The HTTP client is taking the browser to sign-in. */
  | { kind: "signing-in" }
  | { kind: "maintenance"; error: MaintenanceErrorData | null };

function emailOf(error: ApiRequestError): string | null {
  const email = error.meta?.email;
  return typeof email === "string" ? email : null;
}

/** The notice for an error that carries one of the start-up codes (SH-ERR-001), else null. */
export function noticeFor(error: ApiRequestError): StartupOutcome | null {
  const code = START_UP_ERROR_CODES.find((c) => c === error.code);
  return code ? { kind: "notice", code, email: emailOf(error) } : null;
}

/**
 * Starts the session (shell §4 Start-up): the current user and the installation's
 * configuration, asked for together. With a user, per-user storage and the error reporter
 * are set up and the console may mount. A defect (an exception with a stack) is rethrown
 * (SH-START-008); every other failure becomes the screen that explains it.
 */
export async function startSession(queryClient: QueryClient): Promise<StartupOutcome> {
  const [user, config] = await Promise.allSettled([
    queryClient.fetchQuery(currentUserQuery()),
    queryClient.fetchQuery(appConfigQuery()),
  ]);
  if (user.status === "rejected") return outcomeOfFailure(user.reason);

  setSessionState("user-fetched");
  setUpUserStorage(user.value.id);
  // Without the configuration the console looks unbranded and reports nothing.
  configureErrorReporter(config.status === "fulfilled" ? config.value.error_reporting : null);
  return { kind: "app" };
}

function outcomeOfFailure(error: unknown): StartupOutcome {
  const failure = sessionStartFailure(error);
  if (failure.screen === "notice") {
    return { kind: "notice", code: failure.code, email: emailOf(failure.error) };
  }
  if (failure.error.status === 401) return { kind: "signing-in" };
  return {
    kind: "maintenance",
    error: { message: failure.error.message, status: failure.error.status },
  };
}

/** Pages that need no session: the router mounts at once, without asking for the user. */
const ROUTER_ONLY_PAGES: readonly string[] = [
  ...SESSIONLESS_PAGES,
  routeByName("not-found")?.path ?? "/404",
  routeByName("offline")?.path ?? "/offline",
];

export function needsSession(): boolean {
  return !ROUTER_ONLY_PAGES.includes(window.location.pathname);
}

const sessionStarts = new WeakMap<QueryClient, Promise<StartupOutcome>>();
const settledStarts = new WeakMap<QueryClient, StartupOutcome>();

/**
 * The page load's one session start, whoever asks first: a failed user call is not asked
 * again by the console's own start, which would count it twice towards maintenance.
 */
export function sessionStart(queryClient: QueryClient): Promise<StartupOutcome> {
  let started = sessionStarts.get(queryClient);
  if (!started) {
    started = startSession(queryClient);
    // Whoever waits for it reports a defect; an early start alone reports nothing.
    started.then(
      (outcome) => settledStarts.set(queryClient, outcome),
      () => undefined,
    );
    sessionStarts.set(queryClient, started);
  }
  return started;
}

/** How the page load's session start ended, if it has: the console's first render uses it. */
export function settledSessionStart(queryClient: QueryClient): StartupOutcome | undefined {
  return settledStarts.get(queryClient);
}

/**
 * Asks for the user and the configuration from the page's entry (main.tsx), before the
 * console's code: the answers are in by the time that code has arrived.
 */
export function startEarly(queryClient: QueryClient): void {
  if (needsSession()) void sessionStart(queryClient);
}
