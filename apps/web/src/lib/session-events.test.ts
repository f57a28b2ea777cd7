import { afterEach, describe, expect, it, vi } from "vitest";
import {
  closeSockets,
  emitSessionEvent,
  getSessionState,
  isAuthenticated,
  isImpersonating,
  markRefreshEnded,
  markRefreshStarted,
  onSessionEvent,
  registerSocketCloser,
  rememberCurrentUser,
  setSessionState,
} from "./session-events";

afterEach(() => {
  setSessionState("unauthenticated");
});

describe("the session state", () => {
  it("SH-SESSION-001 moves from unauthenticated to user fetched to authenticated", () => {
    const seen = [getSessionState()];
    setSessionState("user-fetched");
    seen.push(getSessionState());
    setSessionState("authenticated");
    seen.push(getSessionState());

    expect(seen).toEqual(["unauthenticated", "user-fetched", "authenticated"]);
    expect(isAuthenticated()).toBe(true);
  });

  it("SH-SESSION-003 is not authenticated while a refresh runs, and is again after it", () => {
    setSessionState("authenticated");
    markRefreshStarted();
    expect(getSessionState()).toBe("refreshing");
    expect(isAuthenticated()).toBe(false);
    markRefreshEnded(true);
    expect(isAuthenticated()).toBe(true);
  });

  it("D17 start-up moving on during a refresh takes effect when the refresh succeeds", () => {
    setSessionState("unauthenticated");
    markRefreshStarted();
    setSessionState("user-fetched");
    expect(getSessionState()).toBe("refreshing");
    markRefreshEnded(true);
    expect(getSessionState()).toBe("user-fetched");
  });

  it("is unauthenticated after a failed refresh", () => {
    setSessionState("authenticated");
    markRefreshStarted();
    markRefreshEnded(false);
    expect(getSessionState()).toBe("unauthenticated");
  });

  it("knows an impersonation by token.act", () => {
    rememberCurrentUser({ token: { act: { sub: "9", email: "support@example.com" } } });
    expect(isImpersonating()).toBe(true);
    rememberCurrentUser({ token: {} });
    expect(isImpersonating()).toBe(false);
  });
});

describe("session events", () => {
  it("calls the listeners of an event until they unsubscribe", () => {
    const heard = vi.fn();
    const other = vi.fn();
    const stop = onSessionEvent("tokenRefreshed", heard);
    const stopOther = onSessionEvent("sessionReread", other);

    emitSessionEvent("tokenRefreshed");
    stop();
    emitSessionEvent("tokenRefreshed");
    stopOther();

    expect(heard).toHaveBeenCalledOnce();
    expect(other).not.toHaveBeenCalled();
  });

  it("still calls the other listeners when one throws", async () => {
    const broken = new Error("listener failed");
    const uncaught = new Promise((resolve) => {
      const original = globalThis.queueMicrotask;
      vi.spyOn(globalThis, "queueMicrotask").mockImplementation((task) =>
        original(() => {
          try {
            task();
          } catch (error) {
            resolve(error);
          }
        }),
      );
    });
    const heard = vi.fn();
    const stops = [
      onSessionEvent("appReinitialise", () => {
        throw broken;
      }),
      onSessionEvent("appReinitialise", heard),
    ];

    emitSessionEvent("appReinitialise");
    for (const stop of stops) stop();

    expect(heard).toHaveBeenCalledOnce();
    expect(await uncaught).toBe(broken);
  });

  it("SH-SESSION-004 closes every registered socket", () => {
    const close = vi.fn();
    const unregister = registerSocketCloser(close);
    closeSockets();
    unregister();
    closeSockets();
    expect(close).toHaveBeenCalledOnce();
  });
});
