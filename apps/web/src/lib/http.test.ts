import { type MockInstance, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deferred, failure, fakeApi, success } from "../test/fake-api";
import { browserLocation } from "./browser-location";
import { ApiRequestError, FALLBACK_ERROR_MESSAGE, http, xsrfCookieName } from "./http";

function setCookie(name: string, value: string) {
  document.cookie = `${name}=${value}; path=/`;
}

let assign: MockInstance<(url: string) => void>;

beforeEach(() => {
  assign = vi.spyOn(browserLocation, "assign").mockImplementation(() => undefined);
  window.history.replaceState(null, "", "/management/devices?page=2");
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function rejection(promise: Promise<unknown>): Promise<ApiRequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiRequestError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

describe("request headers", () => {
  it("SH-HTTP-003 SH-HTTP-004 SH-HTTP-005 SH-HTTP-007 SH-HTTP-014 SH-CONST-001 sends credentials, the XHR marker, the app version 5.15.0 and the XSRF cookie's value, without a timeout", async () => {
    const api = fakeApi().on("POST", "/api/things", success({}));
    setCookie("XSRF-TOKEN", "abc%3D123");

    await http.post("/api/things", { a: 1 });

    const [request] = api.requests;
    expect(request?.headers["x-requested-with"]).toBe("XMLHttpRequest");
    expect(request?.headers["x-app-version"]).toBe("5.15.0");
    expect(request?.headers["x-xsrf-token"]).toBe("abc=123");
    expect(request?.body).toEqual({ a: 1 });
    expect(request?.withCredentials).toBe(true);
    expect(request?.timeout).toBe(0);
  });

  it("SH-HTTP-006 reads the XSRF cookie named by the stored setting", async () => {
    const api = fakeApi().on("POST", "/api/things", success({}));
    window.localStorage.setItem("XSRF_COOKIE_NAME", "MY-XSRF");
    setCookie("XSRF-TOKEN", "default");
    setCookie("MY-XSRF", "custom");

    await http.post("/api/things");

    expect(xsrfCookieName()).toBe("MY-XSRF");
    expect(api.requests[0]?.headers["x-xsrf-token"]).toBe("custom");
  });

  it("sends no XSRF header when there is no cookie", async () => {
    const api = fakeApi().on("GET", "/api/things", success([]));
    await http.get("/api/things");
    expect(api.requests[0]?.headers).not.toHaveProperty("x-xsrf-token");
  });

  it("retries once with the fresh cookie after an XSRF refusal", async () => {
    let calls = 0;
    const api = fakeApi().on("POST", "/account/sign-in", () => {
      calls += 1;
      if (calls === 1) {
        setCookie("XSRF-TOKEN", "fresh");
        return failure(403, "XSRF_TOKEN_MISMATCH", "Reload the page and try again.");
      }
      return success({ location: "/" });
    });

    await http.post("/account/sign-in", { email: "a@b.c" });

    expect(api.requests.map((r) => r.headers["x-xsrf-token"])).toEqual([undefined, "fresh"]);
  });
});

describe("query parameters", () => {
  it("SH-HTTP-008 SH-HTTP-009 joins arrays with commas and drops null, undefined and empty values", async () => {
    const api = fakeApi().on("GET", "/api/devices", success([]));

    await http.get("/api/devices", {
      params: {
        fields: ["id", "name"],
        q: "",
        sort: null,
        company_id: undefined,
        limit: 25,
        ids: [],
      },
    });

    expect(api.requests[0]?.search).toBe("?fields=id,name&limit=25");
  });

  it("encodes values but keeps the separating commas", async () => {
    const api = fakeApi().on("GET", "/api/devices", success([]));
    await http.get("/api/devices", { params: { q: "rut x&y", sort: ["-created_at", "name"] } });
    expect(api.requests[0]?.search).toBe("?q=rut%20x%26y&sort=-created_at,name");
  });
});

describe("errors", () => {
  it("carries the envelope's errors, status and first message", async () => {
    fakeApi().on("POST", "/account/password/reset", {
      status: 422,
      body: {
        success: false,
        errors: [
          { code: "VALIDATION_FAILED", message: "Password is too short", source: "password" },
          { code: "VALIDATION_FAILED", message: "Token is required", source: "token" },
        ],
      },
    });

    const error = await rejection(http.post("/account/password/reset", {}));

    expect(error.status).toBe(422);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.message).toBe("Password is too short");
    expect(error.fieldErrors()).toEqual({
      password: "Password is too short",
      token: "Token is required",
    });
  });

  it("falls back to a generic message when the answer is not an envelope", async () => {
    fakeApi().on("GET", "/api/things", { status: 502, body: "<html>Bad gateway</html>" });

    const error = await rejection(http.get("/api/things"));

    expect(error.status).toBe(502);
    expect(error.errors).toEqual([]);
    expect(error.message).toBe(FALLBACK_ERROR_MESSAGE);
    expect(error.statusText).toBe("Bad Gateway");
  });
});

describe("an expired session", () => {
  it("SH-HTTP-017 SH-SESSION-002 refreshes once, with no body and a 30 s timeout, and retries the request", async () => {
    setCookie("nf_signed_in", "1");
    let sessionFresh = false;
    const api = fakeApi()
      .on("GET", "/api/user", () =>
        sessionFresh ? success({ id: 1 }) : failure(401, "UNAUTHORIZED", "Sign in to continue."),
      )
      .on("POST", "/account/token/refresh", () => {
        sessionFresh = true;
        return success({ exp: 1 });
      });

    const response = await http.get<{ data: { id: number } }>("/api/user");

    expect(response.data.data).toEqual({ id: 1 });
    const refreshes = api.calls("POST", "/account/token/refresh");
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toBeUndefined();
    expect(refreshes[0]?.timeout).toBe(30_000);
    expect(api.calls("GET", "/api/user")).toHaveLength(2);
    expect(assign).not.toHaveBeenCalled();
  });

  it("shares one refresh between concurrent 401s", async () => {
    setCookie("nf_signed_in", "1");
    const refreshAnswer = deferred();
    let sessionFresh = false;
    const guarded = () =>
      sessionFresh ? success([]) : failure(401, "UNAUTHORIZED", "Sign in to continue.");
    const api = fakeApi()
      .on("GET", "/api/devices", guarded)
      .on("GET", "/api/companies", guarded)
      .on("POST", "/account/token/refresh", async () => {
        await refreshAnswer.promise;
        sessionFresh = true;
        return success({ exp: 1 });
      });

    const both = Promise.all([http.get("/api/devices"), http.get("/api/companies")]);
    await vi.waitFor(() => expect(api.calls("GET", "/api/companies")).toHaveLength(1));
    await vi.waitFor(() => expect(api.calls("POST", "/account/token/refresh")).toHaveLength(1));
    refreshAnswer.resolve();
    await both;

    expect(api.calls("POST", "/account/token/refresh")).toHaveLength(1);
    expect(api.calls("GET", "/api/devices")).toHaveLength(2);
    expect(api.calls("GET", "/api/companies")).toHaveLength(2);
  });

  it("refreshes for the account service's signed-in calls too", async () => {
    setCookie("nf_signed_in", "1");
    let sessionFresh = false;
    const api = fakeApi()
      .on("GET", "/account/tokens", () =>
        sessionFresh ? success([]) : failure(401, "UNAUTHORIZED", "Sign in to continue."),
      )
      .on("POST", "/account/token/refresh", () => {
        sessionFresh = true;
        return success({ exp: 1 });
      });

    await http.get("/account/tokens");

    expect(api.calls("POST", "/account/token/refresh")).toHaveLength(1);
    expect(api.calls("GET", "/account/tokens")).toHaveLength(2);
  });

  it("SH-SESSION-012 does not refresh for the account service's own 401s", async () => {
    setCookie("nf_signed_in", "1");
    const api = fakeApi().on(
      "POST",
      "/account/sign-in",
      failure(401, "INVALID_CREDENTIALS", "The e-mail or password is incorrect."),
    );

    const error = await rejection(http.post("/account/sign-in", { email: "a@b.c", password: "x" }));

    expect(error.code).toBe("INVALID_CREDENTIALS");
    expect(api.calls("POST", "/account/token/refresh")).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it("SH-SESSION-009 SH-SESSION-010 revokes and sends the browser to sign-in when the refresh fails", async () => {
    setCookie("nf_signed_in", "1");
    const api = fakeApi()
      .on("GET", "/api/user", failure(401, "UNAUTHORIZED", "Sign in to continue."))
      .on("POST", "/account/token/refresh", failure(401, "UNAUTHORIZED", "Session expired."))
      .on("POST", "/account/token/revoke", failure(500, "INTERNAL_ERROR", "Down."));

    const error = await rejection(http.get("/api/user"));

    expect(error.status).toBe(401);
    expect(api.calls("POST", "/account/token/revoke")).toHaveLength(1);
    expect(api.calls("GET", "/api/user")).toHaveLength(1);
    expect(assign).toHaveBeenCalledExactlyOnceWith(
      `/account/sign-in?continue_url=${encodeURIComponent(
        "http://localhost:3000/management/devices?page=2",
      )}`,
    );
  });

  it("SH-SESSION-002 goes straight to sign-in, without a refresh, when not signed in", async () => {
    const api = fakeApi().on("GET", "/api/user", failure(401, "UNAUTHORIZED", "Sign in."));

    await rejection(http.get("/api/user"));

    expect(api.calls("POST", "/account/token/refresh")).toHaveLength(0);
    expect(assign).toHaveBeenCalledExactlyOnceWith(
      expect.stringMatching(/^\/account\/sign-in\?continue_url=http%3A%2F%2Flocalhost/),
    );
  });

  it("stays on a page that works without a session", async () => {
    window.history.replaceState(null, "", "/account/sign-in");
    fakeApi().on("GET", "/api/user", failure(401, "UNAUTHORIZED", "Sign in."));

    await rejection(http.get("/api/user"));

    expect(assign).not.toHaveBeenCalled();
  });
});
