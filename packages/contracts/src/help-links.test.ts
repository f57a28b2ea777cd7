import { describe, expect, it } from "vitest";
import { HELP_BASE_URL, HELP_LINKS, helpLinkUrl } from "./help-links";

function expectDocumented(routes: readonly string[]) {
  for (const route of routes) {
    const url = helpLinkUrl(route);
    expect(url, route).toBeDefined();
    expect(url?.startsWith(`${HELP_BASE_URL}/`), route).toBe(true);
    expect(() => new URL(url ?? ""), route).not.toThrow();
  }
}

describe("help links", () => {
  it("FM-DIALOG-029 maps the device, task, hotspot, report and remote-access routes", () => {
    expectDocumented([
      "management.devices",
      "task-manager",
      "multiconfig",
      "hotspot.wifi",
      "reports",
      "remote.access",
      "remote.info",
    ]);
  });

  it("FM-DIALOG-030 maps the connect-history, VPN and company routes", () => {
    expectDocumented([
      "service.connect-history",
      "vpn.hubs",
      "vpn-hub",
      "vpn.quick-connect",
      "vpn-connect",
      "users.companies",
      "company.info",
    ]);
  });

  it("FM-DIALOG-031 maps the user, tag, file, role, resource and parameter routes", () => {
    expectDocumented([
      "users.table",
      "users.invitations",
      "tags.main",
      "management.files",
      "users.roles",
      "administration.resources",
      "dynamic.parameters",
    ]);
  });

  it("knows nothing of keys outside the table, including inherited names", () => {
    expect(helpLinkUrl("no.such.page")).toBeUndefined();
    expect(helpLinkUrl("toString")).toBeUndefined();
    expect(Object.values(HELP_LINKS).every((path) => path.startsWith("/"))).toBe(true);
  });
});
