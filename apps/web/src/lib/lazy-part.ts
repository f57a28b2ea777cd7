import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/** Loads again after a failure this many times before the failure counts. */
const RETRIES = 3;
const PAUSE_MS = 500;

const onlineAgain = () =>
  new Promise((resolve) => window.addEventListener("online", resolve, { once: true }));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A lazily loaded part of a page (a chart, a map). Its chunk may be fetched after the
 * page is up, so losing the network at that moment must not fail the whole route (whose
 * error element reloads for a missing chunk): the part waits until the browser is online
 * again, or a moment when it thinks it is (the network may return a little after the
 * browser says so), and loads once more. Only a chunk that keeps failing reaches the route.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return { default: await load() };
      } catch (err) {
        if (attempt > RETRIES) throw err;
        await (navigator.onLine ? pause(PAUSE_MS * attempt) : onlineAgain());
      }
    }
  });
}
