import axios, {
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from "axios";
import { readHttpCache, writeHttpCache } from "./http-cache";

/**
 * The HTTP client's bookkeeping of the calls under way (shell §4 Pending requests, §7):
 * the newest of two GETs to one URL answers both (D1), a route change cancels what the
 * page started, and a session refresh re-sends the GETs that went out with the old
 * session (D17). Each pass of a call through the client is one entry, from the request
 * interceptor to the end of the response interceptor; the transport is wrapped so that
 * these decisions hold whatever the transport does with an abort signal.
 */

/** The reason `cancelPendingRequests` gives by default; never shown to the user. */
export const ROUTE_CHANGED = "Route changed";

export interface Tracked {
  readonly keepOnRouteChange: boolean;
  /** A non-blob GET: answered by a newer GET to its URL, re-sent after a refresh. */
  readonly reloadable: boolean;
  /** The full URL, query included: the key for de-duplication and the cache. */
  readonly url: string;
  /** Present while the request is on the wire; aborting it stops the transport. */
  wire: AbortController | undefined;
  /** The session generation the request last went out in. */
  sentInGeneration: number;
  cancelReason: string | undefined;
  /** The newer GET to the same URL whose outcome this caller receives (D1). */
  newer: Tracked | undefined;
  /** What the caller of this pass receives, once the response interceptor is done. */
  readonly outcome: Promise<AxiosResponse>;
  readonly settle: (result: Promise<AxiosResponse>) => void;
}

type WireStop = "resend" | "superseded" | "cancelled" | "caller";

/** Why the tracker took a request off the wire. */
class WireStopped extends Error {
  constructor(readonly stop: WireStop) {
    super(stop);
  }
}

let nextTrackingId = 1;
const tracked = new Map<number, Tracked>();
const latestByUrl = new Map<string, Tracked>();
const transportOf = new WeakMap<AxiosAdapter, AxiosAdapter>();
let generation = 0;

/** Counts successful session refreshes. */
export function sessionGeneration(): number {
  return generation;
}

export function trackedOf(config: InternalAxiosRequestConfig | undefined): Tracked | undefined {
  return config?.trackingId === undefined ? undefined : tracked.get(config.trackingId);
}

function onWire(
  transport: AxiosAdapter,
  config: InternalAxiosRequestConfig,
  entry: Tracked,
): Promise<AxiosResponse> {
  const wire = new AbortController();
  entry.wire = wire;
  entry.sentInGeneration = generation;
  // A transport that ignores the signal must not keep the caller waiting.
  return new Promise((resolve, reject) => {
    wire.signal.addEventListener("abort", () => {
      reject(new WireStopped(wire.signal.reason as WireStop));
    });
    transport({ ...config, signal: wire.signal }).then(resolve, reject);
  });
}

function trackedAdapter(transport: AxiosAdapter, entry: Tracked): AxiosAdapter {
  return async (config) => {
    const cache = entry.reloadable ? config.cache : undefined;
    const cached = cache && readHttpCache(cache, entry.url);
    if (cached) return { ...cached, config, request: {} };
    if (entry.cancelReason) throw new axios.CanceledError(entry.cancelReason, config);

    const dedupe = entry.reloadable && !config.skipDedupe;
    if (dedupe) {
      const earlier = latestByUrl.get(entry.url);
      if (earlier) {
        earlier.newer = entry;
        earlier.wire?.abort("superseded" satisfies WireStop);
      }
      latestByUrl.set(entry.url, entry);
    }
    const stopOnCallerAbort = () => entry.wire?.abort("caller" satisfies WireStop);
    config.signal?.addEventListener?.("abort", stopOnCallerAbort);
    try {
      for (;;) {
        try {
          const response = await onWire(transport, config, entry);
          if (cache) {
            const { status, statusText, headers } = response;
            const data: unknown = response.data;
            writeHttpCache(cache, entry.url, { data, status, statusText, headers });
          }
          return { ...response, config };
        } catch (error) {
          if (error instanceof WireStopped) {
            if (error.stop === "resend") continue;
            // The caller's own abort reads like any axios cancel; the others are handled
            // by the response interceptor before anyone sees them.
            throw new axios.CanceledError(error.stop === "caller" ? undefined : error.stop, config);
          }
          // A retry starts from the caller's config, not from the transport's copy.
          if (axios.isAxiosError(error)) error.config = config;
          throw error;
        }
      }
    } finally {
      entry.wire = undefined;
      config.signal?.removeEventListener?.("abort", stopOnCallerAbort);
      if (dedupe && latestByUrl.get(entry.url) === entry) latestByUrl.delete(entry.url);
    }
  };
}

/** Starts a pass of `config` (whose full URL is `url`) and routes it through the tracker. */
export function trackRequest(config: InternalAxiosRequestConfig, url: string): void {
  const adapter = axios.getAdapter(config.adapter, config);
  // A retry carries the previous pass's wrapper: wrap what it wrapped.
  const transport = transportOf.get(adapter) ?? adapter;
  let settle: Tracked["settle"] = () => undefined;
  const outcome = new Promise<AxiosResponse>((resolve) => {
    settle = resolve;
  });
  // Only an earlier GET to the URL ever waits on it.
  outcome.catch(() => undefined);
  const entry: Tracked = {
    keepOnRouteChange: config.keepOnRouteChange === true,
    reloadable: config.method?.toLowerCase() === "get" && config.responseType !== "blob",
    url,
    wire: undefined,
    sentInGeneration: generation,
    cancelReason: undefined,
    newer: undefined,
    outcome,
    settle,
  };
  config.trackingId = nextTrackingId++;
  tracked.set(config.trackingId, entry);
  const wrapped = trackedAdapter(transport, entry);
  transportOf.set(wrapped, transport);
  config.adapter = wrapped;
}

/** Ends the pass of `config` with what its caller receives. */
export function finishTracked(
  config: InternalAxiosRequestConfig | undefined,
  result: Promise<AxiosResponse>,
): Tracked | undefined {
  const entry = trackedOf(config);
  if (!entry || config?.trackingId === undefined) return undefined;
  tracked.delete(config.trackingId);
  entry.settle(result);
  return entry;
}

/**
 * Cancels every pending call except those marked `keepOnRouteChange`; the router calls it
 * when the pathname changes (shell §4 Pending requests). Callers receive an
 * `ApiRequestError` for which `isRouteChangeCancel` is true.
 */
export function cancelPendingRequests(reason: string = ROUTE_CHANGED): void {
  for (const entry of tracked.values()) {
    if (entry.keepOnRouteChange || entry.cancelReason) continue;
    entry.cancelReason = reason;
    entry.wire?.abort("cancelled" satisfies WireStop);
  }
}

/**
 * Starts a new session generation after a refresh: the GETs on the wire went out with the
 * old session and would come back 401 one by one, so they go out again now.
 */
export function startSessionGeneration(): void {
  generation += 1;
  for (const entry of tracked.values()) {
    if (entry.reloadable && entry.sentInGeneration < generation) {
      entry.wire?.abort("resend" satisfies WireStop);
    }
  }
}
