import { buildTimestamp } from "../../features/onboarding/version-check";

/**
 * The console's service worker (`public/sw.js`), one per build: the build in its URL names
 * the worker's cache, so a new release starts with a clean one.
 */
export function serviceWorkerUrl(): string {
  return new URL(`/sw.js?build=${buildTimestamp()}`, window.location.origin).href;
}

function scriptOf(registration: ServiceWorkerRegistration): string | undefined {
  return (registration.active ?? registration.waiting ?? registration.installing)?.scriptURL;
}

/**
 * Unregisters the workers of older builds (SH-START-013), then registers this build's
 * (SH-START-012). Browsers offer service workers in secure contexts only, which include
 * localhost and 127.0.0.1.
 */
export async function replaceServiceWorkers(container: ServiceWorkerContainer): Promise<void> {
  const url = serviceWorkerUrl();
  const registrations = await container.getRegistrations();
  await Promise.all(registrations.filter((r) => scriptOf(r) !== url).map((r) => r.unregister()));
  await container.register(url, { scope: "/" });
}

/**
 * How long after the page's load event the worker is registered. Installing it fetches and
 * stores the entry's files and every language, and from then on each file the page asks for
 * passes through it: at load the console has yet to fetch most of its code and draw its
 * first page, which on two cores that work delayed by about a fifth. A few seconds later
 * start-up is over.
 */
export const REGISTRATION_DELAY_MS = 3000;

/** Registers the service worker once start-up is over, so it never delays it. */
export function registerServiceWorkerOnLoad(): void {
  if (!window.isSecureContext || !("serviceWorker" in navigator)) return;
  const register = () => {
    replaceServiceWorkers(navigator.serviceWorker).catch((error: unknown) => {
      // The console works without it; only installing and offline start-up are lost.
      console.warn("The service worker could not be registered.", error);
    });
  };
  const registerLater = () => window.setTimeout(register, REGISTRATION_DELAY_MS);
  if (document.readyState === "complete") registerLater();
  else window.addEventListener("load", registerLater, { once: true });
}
