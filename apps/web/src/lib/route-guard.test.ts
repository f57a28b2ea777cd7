import { describe, expect, it } from "vitest";
import { routeByName } from "@netfleet/contracts/routes";
import { decideRoute, sameHostContinueTarget, type GuardInput } from "./route-guard";

const HOST = "console.example.com";

function input(overrides: Partial<GuardInput> & { routeName?: string | null; url?: string }) {
  const { routeName = "management.devices", url = "/management/devices", ...rest } = overrides;
  const parsed = new URL(url, `https://${HOST}`);
  return {
    online: true,
    route: routeName ? routeByName(routeName) : undefined,
    params: {},
    location: { pathname: parsed.pathname, search: parsed.search, host: HOST },
    user: { permissions: ["view_devices", "view_tags"] },
    disabledRoutes: [],
    ...rest,
  } satisfies GuardInput;
}

describe("route guard", () => {
  it("SH-GUARD-002 rule 1: an offline browser goes to the offline page", () => {
    expect(decideRoute(input({ online: false }))).toEqual({ kind: "offline" });
    expect(decideRoute(input({ online: false, routeName: "offline", url: "/offline" }))).toEqual({
      kind: "allow",
    });
  });

  it("SH-GUARD-003 rule 2: no-auth routes pass without a user", () => {
    expect(decideRoute(input({ routeName: "not-found", url: "/404", user: null }))).toEqual({
      kind: "allow",
    });
  });

  it("SH-GUARD-004 D8 rule 3: connect routes pass with a key query, without a session", () => {
    for (const name of ["connect.desktop", "connect.ssh", "connect.telnet", "connect.sftp"]) {
      const path = routeByName(name)!.path!;
      expect(decideRoute(input({ routeName: name, url: `${path}?key=abc`, user: null }))).toEqual({
        kind: "allow",
      });
      expect(decideRoute(input({ routeName: name, url: path, user: null })).kind).toBe("sign-in");
    }
  });

  it("SH-GUARD-005 D7 rule 4: a visitor who is not signed in goes to sign-in and comes back", () => {
    expect(decideRoute(input({ user: null, url: "/management/devices?q=rut" }))).toEqual({
      kind: "sign-in",
      to: "/account/sign-in?continue_url=%2Fmanagement%2Fdevices%3Fq%3Drut",
    });
  });

  it("SH-GUARD-006 D7 rule 4: a user without the route's permission goes to the first permitted page", () => {
    const outcome = decideRoute(input({ routeName: "users.table", url: "/users" }));
    expect(outcome).toEqual({ kind: "redirect", to: "/management/devices" });
    const tagsOnly = decideRoute(
      input({ routeName: "users.table", url: "/users", user: { permissions: ["view_tags"] } }),
    );
    expect(tagsOnly).toEqual({ kind: "redirect", to: "/tags" });
  });

  it("SH-ROUTE-056 an unknown path goes to the first permitted page", () => {
    expect(decideRoute(input({ routeName: null, url: "/no/such/page" }))).toEqual({
      kind: "redirect",
      to: "/management/devices",
    });
  });

  it("SH-GUARD-007 rule 5: a continue_url on this host is followed", () => {
    expect(
      decideRoute(input({ url: `/management/devices?continue_url=https://${HOST}/tags?x=1` })),
    ).toEqual({ kind: "continue", to: "/tags?x=1" });
    expect(decideRoute(input({ url: "/management/devices?continue_url=/tags" }))).toEqual({
      kind: "continue",
      to: "/tags",
    });
  });

  it("SH-GUARD-008 rule 5: a continue_url on another host is not followed", () => {
    expect(
      decideRoute(input({ url: "/management/devices?continue_url=https://evil.example/tags" })),
    ).toEqual({ kind: "allow" });
    expect(sameHostContinueTarget("?continue_url=//evil.example/x", HOST)).toBeNull();
    expect(sameHostContinueTarget("?continue_url=javascript:alert(1)", HOST)).toBeNull();
    for (const trick of [`http://${HOST}//evil.example/x`, `HTTP://${HOST}/%5Cevil.example/x`]) {
      const target = sameHostContinueTarget(`?continue_url=${encodeURIComponent(trick)}`, HOST);
      expect(target === null || /^\/(?![/\\])/.test(target), trick).toBe(true);
    }
    expect(
      sameHostContinueTarget(
        `?continue_url=${encodeURIComponent(`http://${HOST}//evil.example/x`)}`,
        HOST,
      ),
    ).toBeNull();
  });

  it("SH-GUARD-009 rule 6: a user holding no view permission gets Access denied", () => {
    const user = { permissions: ["activate_credit_transfer_codes"] };
    expect(decideRoute(input({ user }))).toEqual({ kind: "redirect", to: "/redeem-code" });
    expect(
      decideRoute(input({ user, routeName: "service.add-credits", url: "/redeem-code" })),
    ).toEqual({ kind: "access-denied" });
    expect(decideRoute(input({ user: { permissions: [] } }))).toEqual({ kind: "access-denied" });
  });

  it("SH-GUARD-010 rule 7: routes the theme disables go to the first permitted page", () => {
    expect(
      decideRoute(input({ routeName: "tags.main", url: "/tags", disabledRoutes: ["tags.main"] })),
    ).toEqual({ kind: "redirect", to: "/management/devices" });
  });

  it("SH-GUARD-001 applies the rules in order: offline before no-auth, permission before continue_url, view check before disabled routes", () => {
    // Rule 1 wins over rule 2.
    expect(decideRoute(input({ online: false, routeName: "not-found", url: "/404" })).kind).toBe(
      "offline",
    );
    // Rule 4 wins over rule 5: a forbidden page does not follow continue_url.
    expect(
      decideRoute(input({ routeName: "users.table", url: "/users?continue_url=/tags" })),
    ).toEqual({ kind: "redirect", to: "/management/devices" });
    // Rule 5 wins over rule 7.
    expect(
      decideRoute(
        input({
          routeName: "tags.main",
          url: "/tags?continue_url=/management/devices",
          disabledRoutes: ["tags.main"],
        }),
      ),
    ).toEqual({ kind: "continue", to: "/management/devices" });
    // Rule 6 wins over rule 7.
    expect(
      decideRoute(
        input({
          routeName: "changelog",
          url: "/changelog",
          user: { permissions: [] },
          disabledRoutes: ["changelog"],
        }),
      ),
    ).toEqual({ kind: "access-denied" });
  });

  it("checks the named form's own permission on /forms/{name}", () => {
    const form = (permissions: string[]) =>
      decideRoute(
        input({
          routeName: "form",
          url: "/forms/new-tag",
          params: { name: "new-tag" },
          user: { permissions },
        }),
      );
    expect(form(["view_tags", "create_tags"])).toEqual({ kind: "allow" });
    expect(form(["view_tags"])).toEqual({ kind: "redirect", to: "/tags" });
  });
});
