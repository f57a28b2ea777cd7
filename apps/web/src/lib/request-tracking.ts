import { readHttpCache, writeHttpCache } from "./http-cache";
import {
  CanceledRequest,
  type HttpResponse,
  type ResolvedRequestConfig,
  isHttpError,
} from "./http-client";

/**
 * The HTTP client's bookkeeping of the calls under way (shell §4 Pending requests, §7):
 * the newest of two GETs to one URL answers both (D1), a route change cancels what the
 * page started, and a session refresh re-sends the GETs that went out with the old
 * session (D17). Each pass of a call through the client is one entry, from the moment it
 * is prepared to the end of its response handling; the transport is wrapped so that
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
  /** What the caller of this pass receives, once the client's response handling is done. */
  readonly outcome: Promise<HttpResponse>;
  readonly settle: (result: Promise<HttpResponse>) => void;
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
let generation = 0;

/** Counts successful session refreshes. */
export function sessionGeneration(): number {
  return generation;
}

export function trackedOf(config: ResolvedRequestConfig | undefined): Tracked | undefined {
  return config?.trackingId === undefined ? undefined : tracked.get(config.trackingId);
}

/** Puts one attempt of a pass on the wire; `signal` is the one to hand the transport. */
export type Send = (config: ResolvedRequestConfig, signal: AbortSignal) => Promise<HttpResponse>;

function onWire(send: Send, config: ResolvedRequestConfig, entry: Tracked): Promise<HttpResponse> {
  const wire = new AbortController();
  entry.wire = wire;
  entry.sentInGeneration = generation;
  // A transport that ignores the signal must not keep the caller waiting.
  return new Promise((resolve, reject) => {
    wire.signal.addEventListener("abort", () => {
      reject(new WireStopped(wire.signal.reason as WireStop));
    });
    send(config, wire.signal).then(resolve, reject);
  });
}

/** Registers a pass of `config` (whose full URL is `url`) with the tracker. */
function track(config: ResolvedRequestConfig, url: string): Tracked {
  let settle: Tracked["settle"] = () => undefined;
  const outcome = new Promise<HttpResponse>((resolve) => {
    settle = resolve;
  });
  // Only an earlier GET to the URL ever waits on it.
  outcome.catch(() => undefined);
  const entry: Tracked = {
    keepOnRouteChange: config.keepOnRouteChange === true,
    reloadable: config.method === "get" && config.responseType !== "blob",
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
  return entry;
}

/**
 * Starts a pass of `config` (whose full URL is `url`) and sends it through `send`:
 * answered from the cache, or de-duplicated, cancelled, re-sent after a refresh as the
 * tracker decides. Up to the wire this runs synchronously, so a call made just before a
 * route change is already tracked.
 */
export async function sendTracked(
  config: ResolvedRequestConfig,
  url: string,
  send: Send,
): Promise<HttpResponse> {
  const entry = track(config, url);
  const cache = entry.reloadable ? config.cache : undefined;
  const cached = cache && readHttpCache(cache, entry.url);
  if (cached) return { ...cached, config };
  if (entry.cancelReason) throw new CanceledRequest(entry.cancelReason, config);
  if (config.signal?.aborted) throw new CanceledRequest(undefined, config);

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
  config.signal?.addEventListener("abort", stopOnCallerAbort);
  try {
    for (;;) {
      try {
        const response = await onWire(send, config, entry);
        if (cache) {
          const { data, status, statusText, headers } = response;
          writeHttpCache(cache, entry.url, { data, status, statusText, headers });
        }
        return response;
      } catch (error) {
        if (error instanceof WireStopped) {
          if (error.stop === "resend") continue;
          // The caller's own abort reads like any cancel; the others are handled by the
          // client's response handling before anyone sees them.
          throw new CanceledRequest(error.stop === "caller" ? undefined : error.stop, config);
        }
        // A retry starts from the caller's config, whatever the transport's error carries.
        if (isHttpError(error)) error.config = config;
        throw error;
      }
    }
  } finally {
    entry.wire = undefined;
    config.signal?.removeEventListener("abort", stopOnCallerAbort);
    if (dedupe && latestByUrl.get(entry.url) === entry) latestByUrl.delete(entry.url);
  }
}

/** Ends the pass of `config` with what its caller receives. */
export function finishTracked(
  config: ResolvedRequestConfig | undefined,
  result: Promise<HttpResponse>,
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
