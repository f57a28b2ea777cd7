import { type MockInstance, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { browserLocation } from "../../lib/browser-location";
import { configureErrorReporter } from "../../lib/error-reporter";
import { clearHttpCache } from "../../lib/http";
import { createQueryClient } from "../../lib/query-client";
import { userStorage } from "../../lib/user-storage";
import { failure, fakeApi, success } from "../../test/fake-api";
import { startSession } from "./start-session";
import { testUser } from "../../test/users";

vi.mock("../../lib/error-reporter", { spy: true });

const REPORTING = { url: "https://errors.example.com/report" };

function queryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  return client;
}

function appConfig(api: ReturnType<typeof fakeApi>) {
  return api.on("GET", "/api/app-config", success({ error_reporting: REPORTING }));
}

let assign: MockInstance<(url: string) => void>;

beforeEach(() => {
  assign = vi.spyOn(browserLocation, "assign").mockImplementation(() => undefined);
  window.sessionStorage.clear();
  clearHttpCache();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(configureErrorReporter).mockClear();
});

describe("session start", () => {
  it("SH-START-006 sets up per-user storage and the error reporter when a user is returned", async () => {
    const user = testUser({ id: 31 });
    appConfig(fakeApi()).on("GET", "/api/user", success(user, user));

    await expect(startSession(queryClient())).resolves.toEqual({ kind: "app" });

    expect(userStorage()?.userId).toBe(31);
    expect(configureErrorReporter).toHaveBeenCalledWith(REPORTING);
  });

  it("asks for the user and the configuration at the same time, and starts without the configuration", async () => {
    const user = testUser();
    const api = fakeApi()
      .on("GET", "/api/user", success(user, user))
      .on("GET", "/api/app-config", failure(500, "INTERNAL_ERROR", "Broken"));

    await expect(startSession(queryClient())).resolves.toEqual({ kind: "app" });

    expect(api.requests.map((r) => r.path).sort()).toEqual(["/api/app-config", "/api/user"]);
    expect(configureErrorReporter).toHaveBeenCalledWith(null);
  });

  it.each([
    ["SH-ERR-002", "EMAIL_NOT_VERIFIED"],
    ["SH-ERR-003", "NOT_INVITED_EXTERNAL_USER"],
    ["SH-ERR-004", "MFA_MANDATORY"],
  ] as const)("SH-ERR-001 %s chooses the notice screen for %s", async (_id, code) => {
    appConfig(fakeApi()).on("GET", "/api/user", {
      status: 403,
      body: {
        success: false,
        errors: [{ code, message: "Not yet.", source: null }],
        meta: { email: "sso@example.com" },
      },
    });

    await expect(startSession(queryClient())).resolves.toEqual({
      kind: "notice",
      code,
      email: "sso@example.com",
    });
  });

  it("waits on a loader while the HTTP client takes an anonymous visitor to sign-in", async () => {
    appConfig(fakeApi()).on("GET", "/api/user", failure(401, "UNAUTHORIZED", "Sign in."));

    await expect(startSession(queryClient())).resolves.toEqual({ kind: "signing-in" });
    expect(assign).toHaveBeenCalledWith(expect.stringContaining("/account/sign-in?continue_url="));
  });

  it("SH-START-008 rethrows a defect, an exception with a stack", async () => {
    const user = testUser();
    appConfig(fakeApi()).on("GET", "/api/user", success(user, user));
    const defect = new TypeError("reporter exploded");
    vi.mocked(configureErrorReporter).mockImplementationOnce(() => {
      throw defect;
    });

    await expect(startSession(queryClient())).rejects.toBe(defect);
  });

  it("SH-START-009 shows maintenance with the error's message and status for any other failure", async () => {
    appConfig(fakeApi()).on(
      "GET",
      "/api/user",
      failure(503, "SERVICE_UNAVAILABLE", "The database is starting."),
    );

    await expect(startSession(queryClient())).resolves.toEqual({
      kind: "maintenance",
      error: { message: "The database is starting.", status: 503 },
    });
  });
});
