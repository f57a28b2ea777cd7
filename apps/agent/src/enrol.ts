import {
  DEVICE_PROTOCOL_VERSION,
  ENROL_PATH,
  type EnrolAnswer,
  enrolAnswerSchema,
} from "@netfleet/contracts/device-protocol";
import type { DeviceIdentity } from "./state-file";

/** An enrolment the server refused for good: retrying would get the same answer. */
export class EnrolRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The field the server blamed: "token" means no device of this token can enrol. */
    readonly source: string | undefined,
  ) {
    super(message);
  }
}

/** Shared by every enrolment of a fleet: a 429 pauses them all, not only the one it hit. */
export interface EnrolGate {
  until: number;
}

export interface EnrolOptions {
  server: string;
  token: string;
  gate?: EnrolGate;
  /** Longest wait between tries of a transient failure. */
  maxWaitMs?: number;
  /** Gives up (rejecting with the last error) when this is aborted. */
  signal?: AbortSignal;
  /** Told of each transient failure, for the progress line. */
  onRetry?: (reason: string) => void;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener("abort", abort, { once: true });
  });

/** Seconds of a Retry-After header (a number or an HTTP date), in ms; null when absent. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The first error of the answer's envelope. */
function envelopeError(body: unknown): { message?: string; source?: string } {
  const errors = (body as { errors?: { message?: string; source?: string }[] } | null)?.errors;
  return errors?.[0] ?? {};
}

/**
 * Enrols one device: POST ENROL_PATH with the company's token. Network errors, 5xx and
 * 429 are retried with a growing, jittered wait (429 as long as Retry-After says); any
 * other refusal throws EnrolRefused.
 */
export async function enrol(
  identity: DeviceIdentity & { firmware?: string },
  options: EnrolOptions,
): Promise<EnrolAnswer> {
  const url = `${options.server.replace(/\/+$/, "")}${ENROL_PATH}`;
  const gate = options.gate ?? { until: 0 };
  const maxWait = options.maxWaitMs ?? 60_000;
  const body = JSON.stringify({
    token: options.token,
    serial: identity.serial,
    mac: identity.mac,
    model: identity.model,
    ...(identity.firmware ? { firmware: identity.firmware } : {}),
    protocol: DEVICE_PROTOCOL_VERSION,
  });
  for (let attempt = 0; ; attempt++) {
    const waitForGate = gate.until - Date.now();
    if (waitForGate > 0) await sleep(waitForGate, options.signal);
    let wait = Math.min(maxWait, 1_000 * 2 ** Math.min(attempt, 10));
    wait = wait / 2 + Math.random() * (wait / 2);
    let reason: string;
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        signal: options.signal ?? null,
      });
      const answer: unknown = await res.json().catch(() => null);
      if (res.status === 201 || res.status === 200) {
        const parsed = enrolAnswerSchema.safeParse((answer as { data?: unknown } | null)?.data);
        if (parsed.success) return parsed.data;
        throw new EnrolRefused(`${url} did not answer a device enrolment`, res.status, undefined);
      }
      const error = envelopeError(answer);
      if (res.status === 429) {
        const after = retryAfterMs(res.headers.get("retry-after"));
        if (after !== null) wait = after + Math.random() * 500;
        gate.until = Math.max(gate.until, Date.now() + wait);
        reason = "rate limited";
      } else if (res.status >= 500) {
        reason = `server error ${res.status}`;
      } else {
        throw new EnrolRefused(
          error.message ?? `${url} refused the enrolment (HTTP ${res.status})`,
          res.status,
          error.source,
        );
      }
    } catch (err) {
      if (err instanceof EnrolRefused || options.signal?.aborted) throw err;
      reason = err instanceof Error ? ((err.cause as Error)?.message ?? err.message) : String(err);
    }
    options.onRetry?.(reason);
    await sleep(wait, options.signal);
  }
}
