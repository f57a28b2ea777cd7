import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import { AppProviders } from "../providers";
import { browserLocation } from "../../lib/browser-location";
import {
  SESSION_CALLS,
  cancelPendingRequests,
  clearHttpCache,
  getSessionState,
  http,
  setSessionState,
} from "../../lib/http";
import { createQueryClient } from "../../lib/query-client";
import { CURRENT_USER_KEY } from "../../lib/viewer";
import { getCurrentUser } from "../../features/users/api/get-current-user";
import { deferred, failure, fakeApi, success } from "../../test/fake-api";
import { MainApp, prepareMainApp } from "./main-app";
import { startEarly } from "./start-session";
import { testUser } from "../../test/users";

// The real router lazily loads every page; here the console is one known element.
vi.mock("../router", async () => {
  const { createMemoryRouter } = await import("../../lib/router");
  return {
    routes: [],
    createAppRouter: () =>
      createMemoryRouter([{ path: "*", element: <p>Console home</p> }], {
        initialEntries: [window.location.pathname],
      }),
  };
});

function testQueryClient() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return queryClient;
}

function renderMainApp(path = "/management/devices", queryClient = testQueryClient()) {
  window.history.replaceState(null, "", path);
  return render(
    <AppProviders queryClient={queryClient}>
      <MainApp />
    </AppProviders>,
  );
}

function answerUser(api: ReturnType<typeof fakeApi>, user = testUser()) {
  return api
    .on("GET", "/api/user", success(user, user))
    .on("GET", "/api/app-config", success({ error_reporting: null }));
}

beforeEach(() => {
  vi.spyOn(browserLocation, "assign").mockImplementation(() => undefined);
  window.sessionStorage.clear();
  clearHttpCache();
  setSessionState("unauthenticated");
});

afterEach(() => {
  cancelPendingRequests("Test finished");
  vi.restoreAllMocks();
});

describe("main application start", () => {
  it("SH-START-007 mounts the router once the session starts with a user", async () => {
    answerUser(fakeApi());
    renderMainApp();

    expect(await screen.findByText("Console home")).toBeInTheDocument();
    expect(getSessionState()).toBe("authenticated");
  });

  it("asks for the user once when the start began before the console rendered", async () => {
    const api = answerUser(fakeApi());
    window.history.replaceState(null, "", "/management/devices");
    const queryClient = testQueryClient();
    startEarly(queryClient);
    expect(api.calls("GET", "/api/user")).toHaveLength(1);

    renderMainApp("/management/devices", queryClient);

    expect(await screen.findByText("Console home")).toBeInTheDocument();
    expect(api.calls("GET", "/api/user")).toHaveLength(1);
    expect(api.calls("GET", "/api/app-config")).toHaveLength(1);
  });

  it("asks for a failing user once when the start began before the console rendered", async () => {
    const api = fakeApi()
      .on("GET", "/api/app-config", success({ error_reporting: null }))
      .on("GET", "/api/user", failure(503, "SERVICE_UNAVAILABLE", "Down for a moment."));
    window.history.replaceState(null, "", "/management/devices");
    const queryClient = testQueryClient();
    startEarly(queryClient);
    // The answer is in before the console renders.
    await waitFor(() => expect(queryClient.getQueryState(CURRENT_USER_KEY)?.status).toBe("error"));

    renderMainApp("/management/devices", queryClient);

    expect(
      await screen.findByRole("heading", { name: "Netfleet is under maintenance" }),
    ).toBeVisible();
    expect(api.calls("GET", "/api/user")).toHaveLength(1);
  });

  it("draws the console at its first render once the entry has prepared it, without a loader", async () => {
    const api = answerUser(fakeApi());
    window.history.replaceState(null, "", "/management/devices");
    const queryClient = testQueryClient();
    await prepareMainApp(queryClient);

    renderMainApp("/management/devices", queryClient);

    // No findBy: the first commit is the console itself.
    expect(screen.getByText("Console home")).toBeInTheDocument();
    expect(screen.queryByRole("status")).toBeNull();
    expect(api.calls("GET", "/api/user")).toHaveLength(1);
  });

  it("holds the first render back no longer than its patience while the user is not in", async () => {
    const answer = deferred();
    const user = testUser();
    fakeApi()
      .on("GET", "/api/app-config", success({ error_reporting: null }))
      .on("GET", "/api/user", async () => {
        await answer.promise;
        return success(user, user);
      });
    window.history.replaceState(null, "", "/management/devices");
    const queryClient = testQueryClient();
    vi.useFakeTimers();
    try {
      let prepared = false;
      void prepareMainApp(queryClient).then(() => (prepared = true));
      await vi.advanceTimersByTimeAsync(399);
      expect(prepared).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(prepared).toBe(true);
    } finally {
      vi.useRealTimers();
    }

    renderMainApp("/management/devices", queryClient);
    expect(screen.getByRole("status")).toBeInTheDocument();
    answer.resolve();
    expect(await screen.findByText("Console home")).toBeInTheDocument();
  });

  it("mounts the router of a page without a session without asking for the user", async () => {
    const api = fakeApi();
    renderMainApp("/account/sign-in");

    expect(await screen.findByText("Console home")).toBeInTheDocument();
    expect(api.calls("GET", "/api/user")).toHaveLength(0);
  });

  it("SH-ERR-002 shows the email-not-verified notice", async () => {
    fakeApi()
      .on("GET", "/api/app-config", success({ error_reporting: null }))
      .on("GET", "/api/user", {
        status: 403,
        body: {
          success: false,
          errors: [{ code: "EMAIL_NOT_VERIFIED", message: "Confirm it.", source: null }],
          meta: { email: "new@example.com" },
        },
      });
    renderMainApp();

    expect(
      await screen.findByRole("heading", { name: "Confirm your e-mail address" }),
    ).toBeVisible();
    expect(screen.getByText("new@example.com")).toBeVisible();
    expect(screen.queryByText("Console home")).not.toBeInTheDocument();
  });

  it("SH-ERR-003 shows the single-sign-on not-invited notice", async () => {
    fakeApi()
      .on("GET", "/api/app-config", success({ error_reporting: null }))
      .on("GET", "/api/user", failure(403, "NOT_INVITED_EXTERNAL_USER", "Not invited."));
    renderMainApp();

    expect(
      await screen.findByRole("heading", { name: "Your account has not been invited" }),
    ).toBeVisible();
    expect(screen.getByRole("button", { name: "Sign out" })).toBeVisible();
  });

  it("SH-ERR-004 shows the multi-factor-required screen", async () => {
    fakeApi()
      .on("GET", "/api/app-config", success({ error_reporting: null }))
      .on("GET", "/api/user", failure(403, "MFA_MANDATORY", "Set up a second factor."));
    renderMainApp();

    expect(
      await screen.findByRole("heading", { name: "Two-factor authentication required" }),
    ).toBeVisible();
  });

  it("SH-START-009 shows the maintenance screen with the failure's message and status", async () => {
    fakeApi()
      .on("GET", "/api/app-config", success({ error_reporting: null }))
      .on("GET", "/api/user", failure(502, "BAD_GATEWAY", "Upstream is down."));
    renderMainApp();

    expect(
      await screen.findByRole("heading", { name: "Netfleet is under maintenance" }),
    ).toBeVisible();
    expect(screen.getByText("Upstream is down. (status 502)")).toBeVisible();
  });

  it("SH-ERR-001 swaps the running console for the notice a later call's error code asks for", async () => {
    answerUser(fakeApi()).on(
      "GET",
      "/api/devices",
      failure(403, "MFA_MANDATORY", "Set up a second factor."),
    );
    renderMainApp();
    await screen.findByText("Console home");

    await act(async () => {
      await http.get("/api/devices").catch(() => undefined);
    });

    expect(
      screen.getByRole("heading", { name: "Two-factor authentication required" }),
    ).toBeVisible();
    expect(screen.queryByText("Console home")).not.toBeInTheDocument();
  });

  it("SH-START-010 shows the maintenance screen after 3 failed user requests", async () => {
    const user = testUser();
    let failing = false;
    fakeApi()
      .on("GET", "/api/app-config", success({ error_reporting: null }))
      .on("GET", "/api/user", () =>
        failing ? failure(500, "INTERNAL_ERROR", "Broken.") : success(user, user),
      );
    renderMainApp();
    await screen.findByText("Console home");

    failing = true;
    for (let i = 0; i < 2; i++) {
      await act(() => getCurrentUser().catch(() => undefined));
    }
    expect(screen.getByText("Console home")).toBeInTheDocument();
    await act(() => getCurrentUser().catch(() => undefined));

    expect(screen.getByRole("heading", { name: "Netfleet is under maintenance" })).toBeVisible();
  });

  it("SH-START-011 shows the maintenance screen after 3 failed revokes", async () => {
    answerUser(fakeApi()).on(
      "POST",
      SESSION_CALLS.revoke,
      failure(503, "SERVICE_UNAVAILABLE", "Down."),
    );
    renderMainApp();
    await screen.findByText("Console home");

    for (let i = 0; i < 3; i++) {
      await act(() => http.post(SESSION_CALLS.revoke, {}).catch(() => undefined));
    }

    expect(screen.getByRole("heading", { name: "Netfleet is under maintenance" })).toBeVisible();
  });
});
