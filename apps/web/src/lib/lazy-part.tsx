import { Suspense, lazy, useState, type ComponentType, type ReactNode } from "react";
import { withAllMessages } from "./i18n";

/** Loads again after a failure this many times before the failure counts. */
const RETRIES = 3;
const PAUSE_MS = 500;

const onlineAgain = () =>
  new Promise((resolve) => window.addEventListener("online", resolve, { once: true }));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Loads `load`'s component, again after a failure while offline or for a few times. */
async function retrying<P>(load: () => Promise<ComponentType<P>>): Promise<ComponentType<P>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (err) {
      if (attempt > RETRIES) throw err;
      await (navigator.onLine ? pause(PAUSE_MS * attempt) : onlineAgain());
    }
  }
}

/** A lazily loaded part, drawn inside a Suspense boundary. */
export interface LazyPart<P> {
  (props: P): ReactNode;
  /** Asks for the part's code before it is drawn: drawn once it has arrived, it shows at once. */
  preload: () => void;
}

/**
 * A lazily loaded part of a page (a chart, a map). Its chunk may be fetched after the
 * page is up, so losing the network at that moment must not fail the whole route (whose
 * error element reloads for a missing chunk): the part waits until the browser is online
 * again, or a moment when it thinks it is (the network may return a little after the
 * browser says so), and loads once more. Only a chunk that keeps failing reaches the route.
 * It draws once the console's language has all arrived, whatever namespace it speaks.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const get = () =>
    (loading ??= retrying(withAllMessages(load)).then(
      (component) => (loaded = component),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  const Lazy: ComponentType<P> = lazy(async () => ({ default: await get() }));
  function Part(props: P) {
    // One drawn before the code arrived stays the lazy one: switching would draw it anew.
    const [Drawn] = useState(() => loaded ?? Lazy);
    return <Drawn {...props} />;
  }
  Part.preload = () => void get().catch(() => undefined);
  return Part;
}

/**
 * Draws `children`, a lazily loaded dialog, from the first time `opened` is true, and keeps
 * it drawn after: its code loads when it is first opened, and it closes with its animation.
 */
export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [ever, setEver] = useState(opened);
  if (opened && !ever) setEver(true);
  return ever ? <Suspense fallback={null}>{children}</Suspense> : null;
}
