import {
  type MockInstance,
  afterEach,
  beforeEach,
  describe,
  expect,
  it,
  onTestFinished,
  vi,
} from "vitest";
import { getCurrentUser } from "../features/users/api/get-current-user";
import { type FakeReply, deferred, failure, fakeApi, success } from "../test/fake-api";
import { browserLocation } from "./browser-location";
import {
  ApiRequestError,
  allowApiReviewHost,
  cancelPendingRequests,
  clearHttpCache,
  HttpError,
  getSessionState,
  http,
  isAuthenticated,
  isRouteChangeCancel,
  onGlobalError,
  sessionStartFailure,
  setSessionState,
  xsrfCookieName,
} from "./http";
import { i18n } from "./i18n";
import { maintenanceDue, onMaintenanceDue } from "./maintenance-counter";
import {
  type SessionEventName,
  onSessionEvent,
  registerSocketCloser,
  rememberCurrentUser,
} from "./session-events";

function setCookie(name: string, value: string) {
  document.cookie = `${name}=${value}; path=/`;
}

let assign: MockInstance<(url: string) => void>;

beforeEach(() => {
  assign = vi.spyOn(browserLocation, "assign").mockImplementation(() => undefined);
  window.history.replaceState(null, "", "/management/devices?page=2");
  window.sessionStorage.clear();
  clearHttpCache();
  rememberCurrentUser({ token: {} });
  setSessionState("authenticated");
});

afterEach(() => {
  cancelPendingRequests("Test finished");
  allowApiReviewHost(true);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** What reached the transport: the full URL and the abort signal the client handed it. */
function watchTransport(): { url: string; signal: AbortSignal }[] {
  const seen: { url: string; signal: AbortSignal }[] = [];
  const inner = http.defaults.transport;
  // fakeApi() puts the original transport back when the test ends.
  http.defaults.transport = (request) => {
    seen.push({ url: request.url, signal: request.signal });
    return inner(request);
  };
  return seen;
}

/** A transport that never gets an answer, for faults the fake server cannot produce. */
function brokenTransport(code: string) {
  const timeouts: (number | undefined)[] = [];
  const original = http.defaults.transport;
  http.defaults.transport = (request) => {
    timeouts.push(request.timeout);
    return Promise.reject(new HttpError(`Transport failed: ${code}`, { code }));
  };
  onTestFinished(() => {
    http.defaults.transport = original;
  });
  return { timeouts };
}

/** Holds each answer to a route until the test releases it with `answer(i, reply)`. */
function heldAnswers() {
  const held: ReturnType<typeof deferred<FakeReply>>[] = [];
  return {
    handler: () => {
      const answer = deferred<FakeReply>();
      held.push(answer);
      return answer.promise;
    },
    answer(index: number, reply: FakeReply) {
      held[index]?.resolve(reply);
    },
    get count() {
      return held.length;
    },
  };
}

function recordEvents(): string[] {
  const events: string[] = [];
  const names: SessionEventName[] = ["tokenRefreshed", "sessionReread", "appReinitialise"];
  for (const name of names) onTestFinished(onSessionEvent(name, () => events.push(name)));
  onTestFinished(registerSocketCloser(() => events.push("socketsClosed")));
  return events;
}

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

  it("SH-ERR-007 falls back to a generic message, and a status text, when the answer is not an envelope", async () => {
    fakeApi().on("GET", "/api/things", { status: 502, body: "<html>Bad gateway</html>" });

    const error = await rejection(http.get("/api/things"));

    expect(error.status).toBe(502);
    expect(error.errors).toEqual([]);
    expect(error.message).toBe(i18n.t("http:requestFailed"));
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

  it("FM-ERR-001 retries a 401 once after a successful refresh, and not again", async () => {
    setCookie("nf_signed_in", "1");
    const api = fakeApi()
      .on("GET", "/api/devices", failure(401, "UNAUTHORIZED", "Sign in to continue."))
      .on("POST", "/account/token/refresh", success({ exp: 1 }));

    const error = await http.get("/api/devices").catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(401);
    expect(api.calls("POST", "/account/token/refresh")).toHaveLength(1);
    expect(api.calls("GET", "/api/devices")).toHaveLength(2);
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

describe("the API host", () => {
  it("SH-HTTP-001 calls this origin by default", async () => {
    fakeApi().on("GET", "/api/things", success([]));
    const seen = watchTransport();

    await http.get("/api/things");

    expect(seen[0]?.url).toBe("/api/things");
  });

  it("SH-HTTP-002 sends calls, with the XSRF token, to the host stored in api_review in a development build", async () => {
    const api = fakeApi().on("POST", "/api/things", success({}));
    const seen = watchTransport();
    window.localStorage.setItem("api_review", "https://review.example.test/");
    setCookie("XSRF-TOKEN", "abc");

    await http.post("/api/things");

    expect(seen[0]?.url).toBe("https://review.example.test/api/things");
    expect(api.requests[0]?.headers["x-xsrf-token"]).toBe("abc");
  });

  it("SH-HTTP-002 ignores api_review in a production build", async () => {
    fakeApi().on("GET", "/api/things", success([]));
    const seen = watchTransport();
    allowApiReviewHost(false);
    window.localStorage.setItem("api_review", "https://review.example.test");

    await http.get("/api/things");

    expect(seen[0]?.url).toBe("/api/things");
  });
});

describe("GETs to one URL", () => {
  it("SH-HTTP-010 SH-HTTP-011 D1 a second GET to the same URL cancels the first on the wire; the first caller gets the newest response", async () => {
    const devices = heldAnswers();
    fakeApi().on("GET", "/api/devices", devices.handler);
    const seen = watchTransport();

    const first = http.get("/api/devices", { params: { page: 2 } });
    const second = http.get("/api/devices", { params: { page: 2 } });
    devices.answer(1, success(["newest"]));

    expect((await second).data).toEqual({ success: true, data: ["newest"] });
    expect((await first).data).toEqual({ success: true, data: ["newest"] });
    expect(seen.map((s) => s.signal.aborted)).toEqual([true, false]);
    devices.answer(0, success(["stale"]));
  });

  it("SH-HTTP-010 leaves a GET alone when the next one asks for other parameters", async () => {
    fakeApi().on("GET", "/api/devices", (request) => success([request.query.get("page")]));
    const seen = watchTransport();

    const [page1, page2] = await Promise.all([
      http.get("/api/devices", { params: { page: 1 } }),
      http.get("/api/devices", { params: { page: 2 } }),
    ]);

    expect([page1.data, page2.data]).toEqual([
      { success: true, data: ["1"] },
      { success: true, data: ["2"] },
    ]);
    expect(seen.map((s) => s.signal.aborted)).toEqual([false, false]);
  });

  it("SH-HTTP-012 a GET that skips tracking does not cancel the earlier GET", async () => {
    const devices = heldAnswers();
    fakeApi().on("GET", "/api/devices", devices.handler);
    const seen = watchTransport();

    const first = http.get("/api/devices");
    const second = http.get("/api/devices", { skipDedupe: true });
    devices.answer(0, success(["first"]));
    devices.answer(1, success(["second"]));

    expect((await first).data).toEqual({ success: true, data: ["first"] });
    expect((await second).data).toEqual({ success: true, data: ["second"] });
    expect(seen.map((s) => s.signal.aborted)).toEqual([false, false]);
  });

  it("SH-HTTP-013 blob downloads are exempt from tracking", async () => {
    const files = heldAnswers();
    fakeApi().on("GET", "/api/files/1/download", files.handler);

    const first = http.get("/api/files/1/download", { responseType: "blob" });
    const second = http.get("/api/files/1/download", { responseType: "blob" });
    files.answer(0, { status: 200, body: "first" });
    files.answer(1, { status: 200, body: "second" });

    expect((await first).data).toBe("first");
    expect((await second).data).toBe("second");
  });

  it("D1 when the newer caller gives up, the earlier caller still gets an answer", async () => {
    const devices = heldAnswers();
    fakeApi().on("GET", "/api/devices", devices.handler);
    const leaving = new AbortController();

    const first = http.get("/api/devices");
    const second = http.get("/api/devices", { signal: leaving.signal });
    leaving.abort();
    await expect(second).rejects.toThrow();
    await vi.waitFor(() => expect(devices.count).toBe(3));
    devices.answer(2, success(["fresh"]));

    expect((await first).data).toEqual({ success: true, data: ["fresh"] });
    devices.answer(0, success([]));
    devices.answer(1, success([]));
  });
});

describe("a route change", () => {
  it("SH-HTTP-015 cancels pending calls with the reason Route changed, except those kept across routes", async () => {
    const devices = heldAnswers();
    const user = heldAnswers();
    fakeApi().on("GET", "/api/devices", devices.handler).on("GET", "/api/user", user.handler);
    const seen = watchTransport();

    const list = http.get("/api/devices");
    const me = http.get("/api/user", { keepOnRouteChange: true });
    cancelPendingRequests();
    user.answer(0, success({ id: 1 }));

    const error = await rejection(list);
    expect(isRouteChangeCancel(error)).toBe(true);
    expect(error.message).toBe("Route changed");
    expect(seen[0]?.signal.aborted).toBe(true);
    expect((await me).data).toEqual({ success: true, data: { id: 1 } });
    devices.answer(0, success([]));
  });

  it("SH-HTTP-015 also cancels a call made just before the change", async () => {
    const devices = heldAnswers();
    fakeApi().on("GET", "/api/devices", devices.handler);
    const seen = watchTransport();

    const list = http.get("/api/devices");
    cancelPendingRequests();

    expect(isRouteChangeCancel(await rejection(list))).toBe(true);
    expect(seen[0]?.signal.aborted).toBe(true);
    devices.answer(0, success([]));
  });

  it("does not treat other failures as a route change", async () => {
    fakeApi().on("GET", "/api/devices", failure(500, "INTERNAL_ERROR", "Down."));
    expect(isRouteChangeCancel(await rejection(http.get("/api/devices")))).toBe(false);
  });
});

describe("the HTTP cache", () => {
  it("SH-HTTP-030 answers a cached GET from the cache for 5 minutes, then asks the server again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const api = fakeApi().on("GET", "/api/companies", success([{ id: 1 }]));

    await http.get("/api/companies", { cache: "default" });
    vi.advanceTimersByTime(5 * 60_000 - 1);
    const cached = await http.get("/api/companies", { cache: "default" });
    expect(cached.data).toEqual({ success: true, data: [{ id: 1 }] });
    expect(api.requests).toHaveLength(1);

    vi.advanceTimersByTime(1);
    await http.get("/api/companies", { cache: "default" });
    expect(api.requests).toHaveLength(2);
  });

  it("SH-HTTP-031 keeps company and credit summary answers for 10 s", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const api = fakeApi().on("GET", "/api/credits/summary", success([]));

    await http.get("/api/credits/summary", { cache: "companyAndCredits" });
    vi.advanceTimersByTime(9_999);
    await http.get("/api/credits/summary", { cache: "companyAndCredits" });
    expect(api.requests).toHaveLength(1);

    vi.advanceTimersByTime(1);
    await http.get("/api/credits/summary", { cache: "companyAndCredits" });
    expect(api.requests).toHaveLength(2);
  });

  it("caches only successful GETs that ask for it, and forgets everything on clearHttpCache", async () => {
    let calls = 0;
    const api = fakeApi().on("GET", "/api/companies", () => {
      calls += 1;
      return calls === 1 ? failure(500, "INTERNAL_ERROR", "Down.") : success([]);
    });

    await rejection(http.get("/api/companies", { cache: "default" }));
    await http.get("/api/companies", { cache: "default" });
    await http.get("/api/companies");
    expect(api.requests).toHaveLength(3);

    await http.get("/api/companies", { cache: "default" });
    expect(api.requests).toHaveLength(3);
    clearHttpCache();
    await http.get("/api/companies", { cache: "default" });
    expect(api.requests).toHaveLength(4);
  });

  it("hands out copies, so a caller that edits its answer leaves the cache intact", async () => {
    fakeApi().on("GET", "/api/companies", success([{ id: 1 }]));

    const first = await http.get<{ data: { id: number }[] }>("/api/companies", {
      cache: "default",
    });
    first.data.data.push({ id: 2 });
    const second = await http.get("/api/companies", { cache: "default" });

    expect(second.data).toEqual({ success: true, data: [{ id: 1 }] });
  });
});

describe("the current-user call", () => {
  it("SH-HTTP-016 SH-ERR-009 times out after 30 s with status 408 and User request timeout", async () => {
    const transport = brokenTransport("ECONNABORTED");

    const error = await rejection(getCurrentUser());

    expect(transport.timeouts).toEqual([30_000]);
    expect(error.status).toBe(408);
    expect(error.message).toBe("User request timeout");
  });

  it("SH-ERR-008 gives Failed to get user data when no answer comes back", async () => {
    brokenTransport("ERR_NETWORK");

    const error = await rejection(getCurrentUser());

    expect(error.status).toBe(0);
    expect(error.message).toBe("Failed to get user data");
  });

  it("words the failure in the user's language", async () => {
    brokenTransport("ERR_NETWORK");
    await i18n.changeLanguage("no");

    expect((await rejection(getCurrentUser())).message).toBe("Kunne ikke hente brukerdata");
  });

  it("keeps the server's message for other failures", async () => {
    fakeApi().on("GET", "/api/user", failure(503, "SERVICE_UNAVAILABLE", "Back soon."));
    expect((await rejection(getCurrentUser())).message).toBe("Back soon.");
  });
});

describe("a refresh", () => {
  function expiredUntilRefreshed() {
    let sessionFresh = false;
    return {
      guarded:
        (reply: FakeReply = success([])) =>
        () =>
          sessionFresh ? reply : failure(401, "UNAUTHORIZED", "Sign in to continue."),
      refresh: () => {
        sessionFresh = true;
        return success({ exp: 1 });
      },
    };
  }

  it("SH-SESSION-003 counts the session as not authenticated while the refresh runs", async () => {
    setCookie("nf_signed_in", "1");
    const session = expiredUntilRefreshed();
    const refresh = heldAnswers();
    fakeApi()
      .on("GET", "/api/devices", session.guarded())
      .on("POST", "/account/token/refresh", refresh.handler);

    const list = http.get("/api/devices");
    await vi.waitFor(() => expect(refresh.count).toBe(1));

    expect(getSessionState()).toBe("refreshing");
    expect(isAuthenticated()).toBe(false);
    refresh.answer(0, session.refresh());
    await list;
    expect(getSessionState()).toBe("authenticated");
    expect(isAuthenticated()).toBe(true);
  });

  it("SH-SESSION-004 SH-SESSION-005 SH-SESSION-006 D17 closes the sockets, fires tokenRefreshed and re-sends the pending GETs", async () => {
    setCookie("nf_signed_in", "1");
    const session = expiredUntilRefreshed();
    const devices = heldAnswers();
    fakeApi()
      .on("GET", "/api/user", session.guarded(success({ id: 1 })))
      .on("GET", "/api/devices", devices.handler)
      .on("POST", "/account/token/refresh", session.refresh);
    const seen = watchTransport();
    const events = recordEvents();

    const list = http.get("/api/devices");
    const me = await http.get("/api/user");
    await vi.waitFor(() => expect(devices.count).toBe(2));
    devices.answer(1, success(["after refresh"]));

    expect(me.data).toEqual({ success: true, data: { id: 1 } });
    expect((await list).data).toEqual({ success: true, data: ["after refresh"] });
    expect(seen.filter((s) => s.url === "/api/devices").map((s) => s.signal.aborted)).toEqual([
      true,
      false,
    ]);
    expect(events).toEqual(["socketsClosed", "tokenRefreshed"]);
    devices.answer(0, success(["before refresh"]));
  });

  it("SH-SESSION-007 D17 retries a POST once after the refresh and asks the app to initialise again", async () => {
    setCookie("nf_signed_in", "1");
    const session = expiredUntilRefreshed();
    const api = fakeApi()
      .on("POST", "/api/things", session.guarded(success({ id: 7 })))
      .on("POST", "/account/token/refresh", session.refresh);
    const events = recordEvents();

    const created = await http.post("/api/things", { name: "x" });

    expect(created.data).toEqual({ success: true, data: { id: 7 } });
    expect(api.calls("POST", "/api/things").map((r) => r.body)).toEqual([
      { name: "x" },
      { name: "x" },
    ]);
    expect(events).toEqual(["socketsClosed", "tokenRefreshed", "appReinitialise"]);
  });

  it("SH-SESSION-007 treats a blob download like a POST", async () => {
    setCookie("nf_signed_in", "1");
    const session = expiredUntilRefreshed();
    fakeApi()
      .on("GET", "/api/files/1/download", session.guarded({ status: 200, body: "file" }))
      .on("POST", "/account/token/refresh", session.refresh);
    const events = recordEvents();

    const file = await http.get("/api/files/1/download", { responseType: "blob" });

    expect(file.data).toBe("file");
    expect(events).toContain("appReinitialise");
  });

  it("SH-SESSION-008 re-reads the session after a refresh while impersonating", async () => {
    setCookie("nf_signed_in", "1");
    const session = expiredUntilRefreshed();
    fakeApi()
      .on("GET", "/api/devices", session.guarded())
      .on("POST", "/account/token/refresh", session.refresh);
    rememberCurrentUser({ token: { act: { sub: "1", email: "support@example.com" } } });
    const events = recordEvents();

    await http.get("/api/devices");

    expect(events).toEqual(["socketsClosed", "tokenRefreshed", "sessionReread"]);
  });

  it("D17 a refresh during start-up lets start-up continue where it was", async () => {
    setCookie("nf_signed_in", "1");
    setSessionState("unauthenticated");
    const session = expiredUntilRefreshed();
    fakeApi()
      .on("GET", "/api/user", session.guarded(success({ id: 1 })))
      .on("POST", "/account/token/refresh", session.refresh);

    await http.get("/api/user");

    expect(getSessionState()).toBe("unauthenticated");
  });

  it("D17 retries a request that was sent before the refresh finished without refreshing again", async () => {
    setCookie("nf_signed_in", "1");
    const session = expiredUntilRefreshed();
    const slow = heldAnswers();
    let puts = 0;
    const api = fakeApi()
      .on("GET", "/api/devices", session.guarded())
      .on("PUT", "/api/things/1", (request) => {
        puts += 1;
        return puts === 1 ? slow.handler() : success(request.body);
      })
      .on("POST", "/account/token/refresh", session.refresh);

    const update = http.put("/api/things/1", { name: "y" });
    await http.get("/api/devices");
    slow.answer(0, failure(401, "UNAUTHORIZED", "Sign in to continue."));

    expect((await update).data).toEqual({ success: true, data: { name: "y" } });
    expect(api.calls("POST", "/account/token/refresh")).toHaveLength(1);
  });

  it.each(["/rms-connect/ssh/12", "/rms-connect/telnet/12"])(
    "SH-SESSION-011 rejects a 401 on the current-user call on %s without a refresh",
    async (path) => {
      setCookie("nf_signed_in", "1");
      window.history.replaceState(null, "", `${path}?key=abc`);
      const api = fakeApi().on("GET", "/api/user", failure(401, "UNAUTHORIZED", "Sign in."));

      const error = await rejection(http.get("/api/user"));

      expect(error.status).toBe(401);
      expect(api.calls("POST", "/account/token/refresh")).toHaveLength(0);
      expect(assign).not.toHaveBeenCalled();
    },
  );
});

describe("the maintenance counter", () => {
  it("SH-START-010 D26 three failed user requests in a row make the maintenance screen due", async () => {
    fakeApi().on("GET", "/api/user", failure(503, "SERVICE_UNAVAILABLE", "Down."));
    const due = vi.fn();
    onTestFinished(onMaintenanceDue(due));

    await rejection(http.get("/api/user"));
    await rejection(http.get("/api/user"));
    expect(maintenanceDue()).toBe(false);
    await rejection(http.get("/api/user"));

    expect(maintenanceDue()).toBe(true);
    expect(due).toHaveBeenCalledOnce();
  });

  it("SH-START-011 D26 counts failed revokes too, and any success starts again from zero", async () => {
    let userUp = false;
    fakeApi()
      .on("POST", "/account/token/revoke", failure(500, "INTERNAL_ERROR", "Down."))
      .on("GET", "/api/user", () =>
        userUp ? success({ id: 1 }) : failure(503, "SERVICE_UNAVAILABLE", "Down."),
      );

    await rejection(http.post("/account/token/revoke", {}));
    await rejection(http.get("/api/user"));
    userUp = true;
    await http.get("/api/user");
    await rejection(http.post("/account/token/revoke", {}));
    await rejection(http.post("/account/token/revoke", {}));
    expect(maintenanceDue()).toBe(false);

    await rejection(http.post("/account/token/revoke", {}));
    expect(maintenanceDue()).toBe(true);
  });

  it("does not count answers about the account, such as an unconfirmed e-mail", async () => {
    fakeApi().on("GET", "/api/user", failure(403, "EMAIL_NOT_VERIFIED", "Confirm your e-mail."));

    for (let i = 0; i < 3; i += 1) await rejection(http.get("/api/user"));

    expect(maintenanceDue()).toBe(false);
  });
});

describe("global errors", () => {
  it("SH-ERR-005 raises the global error handlers when the first error code is a global one; the caller still gets the rejection", async () => {
    fakeApi().on("GET", "/api/devices", failure(403, "MFA_MANDATORY", "Set up a second factor."));
    const heard: ApiRequestError[] = [];
    onTestFinished(onGlobalError((error) => heard.push(error)));

    const error = await rejection(http.get("/api/devices"));

    expect(heard).toEqual([error]);
    expect(error.code).toBe("MFA_MANDATORY");
  });

  it("SH-ERR-020 only rejects any other failure to the caller", async () => {
    fakeApi().on("GET", "/api/devices", {
      status: 403,
      body: {
        success: false,
        errors: [
          { code: "FORBIDDEN", message: "No.", source: null },
          { code: "EMAIL_NOT_VERIFIED", message: "Confirm.", source: null },
        ],
      },
    });
    const heard = vi.fn();
    onTestFinished(onGlobalError(heard));

    const error = await rejection(http.get("/api/devices"));

    expect(error.code).toBe("FORBIDDEN");
    expect(heard).not.toHaveBeenCalled();
  });
});

describe("a session that cannot start", () => {
  it("SH-START-008 rethrows an exception that has a stack", () => {
    const defect = new TypeError("user.company is undefined");
    expect(() => sessionStartFailure(defect)).toThrow(defect);
  });

  it("SH-START-009 shows the maintenance screen with the error of any other failure", async () => {
    fakeApi().on("GET", "/api/user", failure(500, "INTERNAL_ERROR", "Database down."));

    const outcome = sessionStartFailure(await rejection(getCurrentUser()));

    expect(outcome.screen).toBe("maintenance");
    expect(outcome.error.message).toBe("Database down.");
  });

  it("picks the notice screen of a start-up error code", async () => {
    fakeApi().on("GET", "/api/user", failure(403, "EMAIL_NOT_VERIFIED", "Confirm your e-mail."));

    const outcome = sessionStartFailure(await rejection(getCurrentUser()));

    expect(outcome).toMatchObject({ screen: "notice", code: "EMAIL_NOT_VERIFIED" });
  });
});
