/**
 * The browser session as the console sees it (shell §4 Session, decision D17): its state,
 * which start-up and the HTTP client move, and the events the client raises when it
 * refreshes the session behind the caller's back.
 */

/**
 * - `tokenRefreshed`: the session was refreshed; realtime channels reconnect.
 * - `sessionReread`: it was refreshed while impersonating; the current user must be
 *   fetched again (who is acting may have changed).
 * - `appReinitialise`: the refresh interrupted a request that cannot simply be re-sent
 *   (not a GET, or a download); the application initialises again.
 */
export type SessionEventName = "tokenRefreshed" | "sessionReread" | "appReinitialise";

type Listener = () => void;

const listeners = new Map<SessionEventName, Set<Listener>>();
const socketClosers = new Set<Listener>();

// One failing listener must not keep the others from hearing about the session; its
// error still reaches the window's error handlers.
function callEach(fns: Iterable<Listener>): void {
  for (const fn of [...fns]) {
    try {
      fn();
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}

/** Calls `fn` each time the event fires; returns the function that stops it. */
export function onSessionEvent(name: SessionEventName, fn: Listener): () => void {
  const set = listeners.get(name) ?? new Set<Listener>();
  listeners.set(name, set);
  set.add(fn);
  return () => set.delete(fn);
}

export function emitSessionEvent(name: SessionEventName): void {
  callEach(listeners.get(name) ?? []);
}

/**
 * Registers what closes an open realtime connection: connections authenticated with the
 * old session are closed after a refresh, before `tokenRefreshed` fires. Returns the
 * function that unregisters it.
 */
export function registerSocketCloser(fn: Listener): () => void {
  socketClosers.add(fn);
  return () => socketClosers.delete(fn);
}

export function closeSockets(): void {
  callEach(socketClosers);
}

/**
 * `unauthenticated` → `user-fetched` (the user call answered) → `authenticated` (the
 * application is mounted). `refreshing` is entered and left by the HTTP client only.
 */
export type SessionState = "unauthenticated" | "user-fetched" | "authenticated" | "refreshing";
export type SettledSessionState = Exclude<SessionState, "refreshing">;

let state: SessionState = "unauthenticated";
let stateAfterRefresh: SettledSessionState = "unauthenticated";
let impersonating = false;

export function getSessionState(): SessionState {
  return state;
}

/** False while a refresh runs (SH-SESSION-003): the old credentials are on their way out. */
export function isAuthenticated(): boolean {
  return state === "authenticated";
}

/**
 * Moves the session on; start-up calls it. A change made while a refresh runs takes effect
 * when the refresh succeeds, so that a refresh during start-up continues start-up (D17).
 */
export function setSessionState(next: SettledSessionState): void {
  if (state === "refreshing") stateAfterRefresh = next;
  else state = next;
}

export function markRefreshStarted(): void {
  if (state === "refreshing") return;
  stateAfterRefresh = state;
  state = "refreshing";
}

export function markRefreshEnded(succeeded: boolean): void {
  state = succeeded ? stateAfterRefresh : "unauthenticated";
}

/**
 * Records whether the current user is an impersonation (`token.act` present): a refresh
 * then re-reads the session (SH-SESSION-008). The current-user call keeps it up to date.
 */
export function rememberCurrentUser(user: { token?: { act?: unknown } | null }): void {
  impersonating = user.token?.act !== undefined && user.token.act !== null;
}

export function isImpersonating(): boolean {
  return impersonating;
}
