import { describe, expect, it } from "vitest";
import {
  ACCOUNT_ROUTES,
  consoleLayout,
  PAGES,
  pageLoadersOf,
  placeholderPage,
  standaloneLayout,
} from "./route-pages";

describe("the first page's code, asked for by the console's entry", () => {
  it("is the console layout and the page at its path", () => {
    expect(pageLoadersOf("/management/devices")).toEqual([
      consoleLayout,
      PAGES["management.devices"],
    ]);
    expect(pageLoadersOf("/devices/42/activity")).toEqual([
      consoleLayout,
      PAGES["device.activity"],
    ]);
  });

  it("is the shared placeholder for a page that does not exist yet", () => {
    expect(pageLoadersOf("/task-manager")).toEqual([consoleLayout, placeholderPage]);
  });

  it("is the account page alone for a page without a session", () => {
    const signIn = ACCOUNT_ROUTES.find((r) => r.path === "/account/sign-in")!;
    expect(pageLoadersOf("/account/sign-in")).toEqual([signIn.lazy]);
  });

  it("is the console layout alone for an unknown path, which the guard redirects", () => {
    expect(pageLoadersOf("/no/such/page")).toEqual([consoleLayout]);
  });

  it("is the standalone layout for a page shown without the console around it", () => {
    expect(pageLoadersOf("/logout")).toEqual([standaloneLayout, PAGES.logout]);
  });
});
