import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/**
 * A lazily loaded part of a page (a chart, a map). Its chunk may be fetched after the
 * page is up, so losing the network at that moment must not fail the whole route (whose
 * error element reloads for a missing chunk): the part waits until the browser is online
 * again and loads once more. A second failure is a real one and reaches the route.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    try {
      return { default: await load() };
    } catch {
      if (!navigator.onLine) {
        await new Promise((resolve) => window.addEventListener("online", resolve, { once: true }));
      }
      return { default: await load() };
    }
  });
}
