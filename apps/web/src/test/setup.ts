import "@testing-library/jest-dom/vitest";
import { notifications } from "@mantine/notifications";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { LANGUAGES } from "@netfleet/contracts/constants";
import { closeAllDialogs } from "../components/ui/dialog/dialog-store";
import { i18n, loadLanguage } from "../lib/i18n";
import { markRefreshEnded, rememberCurrentUser } from "../lib/session-events";

// The device list's charts draw with ECharts, loaded in a chunk of its own. Any test that
// lands on a device list would end with that import still running, and React would render
// after the environment is gone. jsdom has no layout to draw in anyway; the slices'
// buttons stay, and the browser journeys draw the charts.
vi.mock("../features/devices/components/device-pie", () => ({ DevicePie: () => null }));

// `findBy…` waits 1 s by default; on a loaded two-core machine a list's deferred render of
// its next page has taken longer. What a test waits for still has to appear.
configure({ asyncUtilTimeout: 5_000 });

// Tests read English unless they switch language themselves; every language is at hand.
await Promise.all(LANGUAGES.map(({ code }) => loadLanguage(code)));
void i18n.changeLanguage("en");

// jsdom lacks the layout APIs Mantine reads; these stand-ins report "no size" and match
// only the reduced-motion query, so dialogs open and close without timed transitions.
if (!window.matchMedia) {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: query.includes("prefers-reduced-motion: reduce"),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver ??= ResizeObserverStub;
if (!("scrollIntoView" in Element.prototype)) {
  Object.defineProperty(Element.prototype, "scrollIntoView", { value: () => undefined });
}

// Test files share their modules (see vitest.config.ts): what the console keeps between
// renders starts over for each test.
afterEach(() => {
  cleanup();
  notifications.clean();
  closeAllDialogs();
  markRefreshEnded(false);
  rememberCurrentUser({});
  void i18n.changeLanguage("en");
  window.localStorage.clear();
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
