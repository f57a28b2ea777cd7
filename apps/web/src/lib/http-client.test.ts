import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ApiRequestError,
  cancelPendingRequests,
  http,
  isCancelledRequest,
  isRouteChangeCancel,
} from "./http";
import { fetchTransport } from "./http-client";

/** A `fetch` that answers with `answer`, or never when it is undefined, until aborted. */
function stubFetch(answer?: () => Response) {
  const fetch = vi.fn((_url: string, init: RequestInit) => {
    if (answer) return Promise.resolve(answer());
    return new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener("abort", () => {
        reject(new DOMException("The operation was aborted.", "AbortError"));
      });
    });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { "Content-Type": "application/json", ...init.headers },
  });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

let original = http.defaults.transport;

beforeEach(() => {
  original = http.defaults.transport;
  http.defaults.transport = fetchTransport;
  window.history.replaceState(null, "", "/management/devices");
});

afterEach(() => {
  cancelPendingRequests("Test finished");
  http.defaults.transport = original;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the fetch transport", () => {
  it("sends the method, query, JSON body, default headers and the cookies", async () => {
    const fetch = stubFetch(() => json({ success: true, data: { id: 3 } }, { status: 201 }));

    const response = await http.post<{ data: { id: number } }>(
      "/api/things",
      { name: "x" },
      { params: { fields: ["id", "name"] } },
    );

    expect(response.status).toBe(201);
    expect(response.data.data).toEqual({ id: 3 });
    expect(response.headers["content-type"]).toBe("application/json");
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/things?fields=id,name");
    expect(init).toMatchObject({ method: "POST", credentials: "include", body: '{"name":"x"}' });
    expect(init?.headers).toMatchObject({
      accept: "application/json",
      "content-type": "application/json",
      "x-requested-with": "XMLHttpRequest",
    });
  });

  it("passes FormData through as it is, leaving its content type to the browser", async () => {
    const fetch = stubFetch(() => json({ success: true }));
    const form = new FormData();
    form.append("name", "x");

    await http.post("/api/files", form);

    const init = fetch.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty("content-type");
  });

  it("gives a body that is not JSON as text, and an empty one as an empty string", async () => {
    stubFetch(() => new Response("plain words", { status: 200 }));
    expect((await http.get("/api/text")).data).toBe("plain words");

    stubFetch(() => new Response(null, { status: 204 }));
    expect((await http.delete("/api/things/1")).data).toBe("");
  });

  it("reads the answer as a Blob when asked", async () => {
    stubFetch(
      () =>
        new Response("file bytes", {
          headers: { "Content-Disposition": 'attachment; filename="a.bin"' },
        }),
    );

    const response = await http.get<Blob>("/api/files/1/download", { responseType: "blob" });

    expect(typeof response.data.text).toBe("function");
    expect(await response.data.text()).toBe("file bytes");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="a.bin"');
  });

  it("turns a refusal's JSON envelope into the ApiRequestError", async () => {
    stubFetch(() =>
      json(
        {
          success: false,
          errors: [{ code: "VALIDATION_FAILED", message: "Name is taken", source: "name" }],
          meta: { limit: 5 },
        },
        { status: 422, statusText: "Unprocessable Entity" },
      ),
    );

    const error = await rejection(http.post("/api/tags", { name: "x" }));

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 422, code: "VALIDATION_FAILED", meta: { limit: 5 } });
    expect((error as ApiRequestError).message).toBe("Name is taken");
    expect((error as ApiRequestError).fieldErrors()).toEqual({ name: "Name is taken" });
  });

  it("fails with status 408 when the timeout passes", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const fetch = stubFetch();

    const call = rejection(http.get("/api/slow", { timeout: 5_000 }));
    await vi.advanceTimersByTimeAsync(5_000);
    const error = await call;

    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(408);
    expect(isCancelledRequest(error)).toBe(false);
    expect(fetch.mock.calls[0]?.[1].signal?.aborted).toBe(true);
  });

  it("fails with status 0 when no answer comes back", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));

    const error = await rejection(http.get("/api/things"));

    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(0);
  });

  it("ends as cancelled, and stops the fetch, when the caller aborts", async () => {
    const fetch = stubFetch();
    const leaving = new AbortController();

    const call = rejection(http.get("/api/slow", { signal: leaving.signal }));
    leaving.abort();
    const error = await call;

    expect(isCancelledRequest(error)).toBe(true);
    expect(isRouteChangeCancel(error)).toBe(false);
    expect(fetch.mock.calls[0]?.[1].signal?.aborted).toBe(true);
  });

  it("rejects as cancelled itself when its signal is aborted", async () => {
    stubFetch();
    const wire = new AbortController();
    const request = {
      method: "GET",
      url: "/api/slow",
      headers: {},
      body: undefined,
      timeout: 0,
      withCredentials: true,
      responseType: undefined,
      signal: wire.signal,
    };

    const call = rejection(fetchTransport(request));
    wire.abort();

    expect(isCancelledRequest(await call)).toBe(true);
  });
});
