import type { ReactNode } from "react";
import { StaticRouter, createPath, type Navigator } from "../../lib/router";
import { browserLocation } from "../../lib/browser-location";

// Screens shown instead of the console have no application router: a link there loads
// the page anew, so start-up runs again and picks the right screen.
const documentNavigator: Navigator = {
  createHref: createPath,
  go: (delta) => window.history.go(delta),
  push: (to) => browserLocation.assign(createPath(to)),
  replace: (to) => window.location.replace(createPath(to)),
};

/** Router context for links on screens that stand outside the application's router. */
export function DocumentRouter({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = window.location;
  return (
    <StaticRouter location={{ pathname, search, hash }} navigator={documentNavigator}>
      {children}
    </StaticRouter>
  );
}
