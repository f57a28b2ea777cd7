import { APP_VERSION, ERROR_REPORTING } from "@netfleet/contracts/constants";
import { ApiRequestError, isCancelledRequest } from "./http";

/**
 * The console's error reporter (shell §8): off unless the installation configures one
 * (`error_reporting` of `GET /api/app-config`), so by default nothing leaves the machine.
 * When on, uncaught errors and unhandled rejections are posted as JSON to the configured
 * URL, a quarter of them (traces are never sent), without the noise every web app sees.
 */
export interface ErrorReporterConfig {
  url: string;
  environment?: string;
}

export interface ErrorReporterOptions {
  /** Source of the sampling draw, in [0, 1). */
  random?: () => number;
}

/** One posted event. */
export interface ErrorReport {
  type: string;
  message: string;
  stack: string | undefined;
  /** The page, without its query or fragment: those can carry one-time tokens. */
  page: string;
  release: string;
  environment: string | undefined;
  timestamp: string;
  user_agent: string;
}

// Failures the console already handles (a chunk that failed to load reloads the page) or
// that say something about the user's network, not about the console.
const NOISE = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Loading (CSS )?chunk/i,
  /ChunkLoadError/i,
  /Network ?Error/i,
  /Failed to fetch/i,
  /Load failed/i,
  /ResizeObserver loop/i,
  /time(d)? ?out/i,
];

// Code the console does not ship: browser extensions and analytics scripts.
const FOREIGN_SOURCES = [
  /(chrome|moz|safari|safari-web|ms-browser)-extension:\/\//i,
  /googletagmanager\.com/i,
  /google-analytics\.com/i,
  /\/gtag\/js/i,
  /hotjar\.(com|io)/i,
  /segment\.(com|io)/i,
];

interface Active {
  config: ErrorReporterConfig;
  random: () => number;
  stop: () => void;
}

let active: Active | undefined;

/**
 * Turns the reporter on with `config`, or off with `null`; calling it again replaces the
 * previous configuration.
 */
export function configureErrorReporter(
  config: ErrorReporterConfig | null,
  options: ErrorReporterOptions = {},
): void {
  active?.stop();
  active = undefined;
  if (!config?.url) return;

  const onError = (event: ErrorEvent) => {
    report(event.error ?? event.message, event.filename);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    report(event.reason);
  };
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  active = {
    config,
    random: options.random ?? Math.random,
    stop: () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    },
  };
}

/**
 * Reports an error the console caught but wants known. Returns whether it was sent: not
 * when the reporter is off, the error is noise or foreign, or it fell outside the sample.
 */
export function reportError(error: unknown): boolean {
  return report(error);
}

function describe(error: unknown): { type: string; message: string; stack: string | undefined } {
  if (error instanceof Error)
    return { type: error.name, message: error.message, stack: error.stack };
  if (typeof error === "string") return { type: "Error", message: error, stack: undefined };
  let message: string;
  try {
    message = JSON.stringify(error) ?? String(error);
  } catch {
    message = String(error);
  }
  return { type: "Error", message, stack: undefined };
}

function ignored(error: unknown, description: ReturnType<typeof describe>, source?: string) {
  if (isCancelledRequest(error)) return true;
  // The client's wording of "no answer" and "timed out" is not matched by the patterns.
  if (error instanceof ApiRequestError && (error.status === 0 || error.status === 408)) return true;
  const text = `${description.type}: ${description.message}`;
  if (NOISE.some((pattern) => pattern.test(text))) return true;
  const origins = `${description.stack ?? ""}\n${source ?? ""}`;
  return FOREIGN_SOURCES.some((pattern) => pattern.test(origins));
}

function report(error: unknown, source?: string): boolean {
  if (!active) return false;
  const description = describe(error);
  if (ignored(error, description, source)) return false;
  if (active.random() >= ERROR_REPORTING.eventSampleRate) return false;
  send(active.config.url, {
    ...description,
    page: `${window.location.origin}${window.location.pathname}`,
    release: APP_VERSION,
    environment: active.config.environment,
    timestamp: new Date().toISOString(),
    user_agent: navigator.userAgent,
  });
  return true;
}

function send(url: string, event: ErrorReport): void {
  const body = JSON.stringify(event);
  // A string beacon goes out as text/plain: no CORS preflight, and it is delivered even
  // while the page unloads. fetch stands in where beacons are missing or refused.
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url, body)) return;
  if (typeof fetch !== "function") return;
  void fetch(url, {
    method: "POST",
    body,
    keepalive: true,
    credentials: "omit",
    headers: { "Content-Type": "text/plain;charset=UTF-8" },
  }).catch(() => undefined);
}
