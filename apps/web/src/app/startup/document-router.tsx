import type { ReactNode } from "react";
import { Router, createPath, type Navigator, type To } from "react-router";
import { browserLocation } from "../../lib/browser-location";

function href(to: To): string {
  return typeof to === "string" ? to : createPath(to);
}

// Screens shown instead of the console have no application router: a link there loads
// the page anew, so start-up runs again and picks the right screen.
const documentNavigator: Navigator = {
  createHref: href,
  go: (delta) => window.history.go(delta),
  push: (to) => browserLocation.assign(href(to)),
  replace: (to) => window.location.replace(href(to)),
};

/** Router context for links on screens that stand outside the application's router. */
export function DocumentRouter({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = window.location;
  return (
    <Router location={{ pathname, search, hash }} navigator={documentNavigator}>
      {children}
    </Router>
  );
}
