import { HTTP_CACHE } from "@netfleet/contracts/constants";
import type { HttpHeaders } from "./http-client";

/**
 * The HTTP client's answer cache (shell §9): a GET that asks for it with
 * `http.get(url, { cache: "default" })` is answered from here while a fresh copy exists.
 * `default` keeps 100 answers for 5 minutes; `companyAndCredits` keeps the company and
 * credit summary answers, which change often, 10 at most for 10 seconds.
 */
export type HttpCacheName = keyof typeof HTTP_CACHE;

/** A successful answer as the transport gave it. */
export interface CachedAnswer {
  data: unknown;
  status: number;
  statusText: string;
  headers: HttpHeaders;
}

interface Slot<V> {
  value: V;
  expiresAt: number;
}

/**
 * A map that forgets its least recently used entry beyond `maxEntries`, and any entry
 * `ttlMs` after it was stored. Reading an entry makes it the most recently used.
 */
export class ExpiringLru<V> {
  // A Map iterates in insertion order: re-inserting on every read keeps the oldest first.
  readonly #slots = new Map<string, Slot<V>>();

  constructor(
    readonly maxEntries: number,
    readonly ttlMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get size(): number {
    return this.#slots.size;
  }

  get(key: string): V | undefined {
    const slot = this.#slots.get(key);
    if (!slot) return undefined;
    this.#slots.delete(key);
    if (slot.expiresAt <= this.now()) return undefined;
    this.#slots.set(key, slot);
    return slot.value;
  }

  set(key: string, value: V): void {
    this.#slots.delete(key);
    this.#slots.set(key, { value, expiresAt: this.now() + this.ttlMs });
    for (const oldest of this.#slots.keys()) {
      if (this.#slots.size <= this.maxEntries) break;
      this.#slots.delete(oldest);
    }
  }

  clear(): void {
    this.#slots.clear();
  }
}

const caches: Record<HttpCacheName, ExpiringLru<CachedAnswer>> = {
  default: new ExpiringLru(HTTP_CACHE.default.maxEntries, HTTP_CACHE.default.ttlMs),
  companyAndCredits: new ExpiringLru(
    HTTP_CACHE.companyAndCredits.maxEntries,
    HTTP_CACHE.companyAndCredits.ttlMs,
  ),
};

/** A copy of the stored answer, so a caller that edits its data cannot change the cache. */
export function readHttpCache(name: HttpCacheName, url: string): CachedAnswer | undefined {
  const answer = caches[name].get(url);
  return answer && structuredClone(answer);
}

export function writeHttpCache(name: HttpCacheName, url: string, answer: CachedAnswer): void {
  caches[name].set(url, structuredClone(answer));
}

/**
 * Forgets every cached answer. Call it whenever whose data the browser sees changes:
 * sign-out, and the start or end of an impersonation.
 */
export function clearHttpCache(): void {
  for (const cache of Object.values(caches)) cache.clear();
}
