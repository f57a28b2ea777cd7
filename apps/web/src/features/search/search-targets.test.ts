import { describe, expect, it } from "vitest";
import type { Viewer } from "@netfleet/contracts/navigation";
import type { RouteSpec } from "@netfleet/contracts/routes";
import { hitPath, searchPages, viewInTablePath } from "./search-targets";

const admin: Viewer = {
  permissions: [
    "view_devices",
    "view_companies",
    "view_device_remote_access",
    "view_vpn_hubs",
    "view_tags",
    "view_users",
    "view_files",
    "view_reports",
  ],
  disabledRoutes: [],
};
const title = (route: RouteSpec) => route.title;

describe("search targets", () => {
  it("SH-SEARCH-017 View in table opens the category's list filtered by the query", () => {
    expect(viewInTablePath("devices", "gateway 1", admin)).toBe("/management/devices?q=gateway+1");
    expect(viewInTablePath("companies", "north", admin)).toBe("/companies?q=north");
    expect(viewInTablePath("remoteAccess", "web", admin)).toBe("/remote/access?q=web");
    expect(viewInTablePath("vpnHubs", "hub", admin)).toBe("/vpn/hubs?q=hub");
    expect(viewInTablePath("tags", "core", admin)).toBe("/tags?q=core");
    expect(viewInTablePath("users", "a@b.c", admin)).toBe("/users?q=a%40b.c");
    expect(viewInTablePath("files", "fw", admin)).toBe("/management/files?q=fw");
    expect(viewInTablePath("pages", "x", admin)).toBeNull();
  });

  it("SH-SEARCH-027 a chosen result opens the item's page", () => {
    expect(hitPath("devices", { id: 5, name: "gw" }, admin)).toBe("/devices/5");
    expect(hitPath("companies", { id: 3, name: "Acme" }, admin)).toBe("/companies/3");
    expect(hitPath("remoteAccess", { id: 8, name: "Web UI" }, admin)).toBe("/remote/access/8");
    expect(hitPath("vpnHubs", { id: 2, name: "Hub" }, admin)).toBe("/vpn/hubs/2");
    expect(hitPath("tags", { id: 9, name: "Core" }, admin)).toBe("/tag/9");
    expect(hitPath("pages", { id: 0, name: "Tags", path: "/tags" }, admin)).toBe("/tags");
  });

  it("SH-SEARCH-027 opens the filtered list for entities without a page of their own", () => {
    expect(hitPath("users", { id: 4, email: "ada@example.com" }, admin)).toBe(
      "/users?q=ada%40example.com",
    );
    expect(hitPath("files", { id: 6, name: "fw.bin" }, admin)).toBe("/management/files?q=fw.bin");
    expect(hitPath("files", { id: 6, name: null }, admin)).toBe("/management/files");
  });

  describe("D10 SH-SEARCH-025 pages", () => {
    it("finds the pages the user may open by their title, without case", () => {
      const found = searchPages("REPORT", admin, title);
      expect(found.items.map((p) => [p.name, p.path])).toEqual([
        ["Reports", "/reports"],
        ["Single reports", "/reports/single"],
        ["Daily reports", "/reports/periodic/day"],
        ["Weekly reports", "/reports/periodic/week"],
        ["Monthly reports", "/reports/periodic/month"],
      ]);
      expect(found.total).toBe(5);
    });

    it("leaves out pages the user may not open, pages needing a parameter and standalone ones", () => {
      const viewer: Viewer = { permissions: ["view_devices"], disabledRoutes: [] };
      expect(searchPages("report", viewer, title).total).toBe(0);
      // "Generated report" (/report/generated/:id) needs an id.
      expect(searchPages("generated", admin, title).total).toBe(0);
      expect(searchPages("log out", admin, title).total).toBe(0);
      expect(searchPages("Devices", viewer, title).items[0]).toMatchObject({
        name: "Devices",
        path: "/management/devices",
      });
    });

    it("matches the titles as the user reads them", () => {
      const norwegian = (route: RouteSpec) => (route.name === "tags.main" ? "Tagger" : route.title);
      expect(searchPages("tagger", admin, norwegian).items.map((p) => p.path)).toEqual(["/tags"]);
    });

    it("shows at most 10 pages and counts them all", () => {
      const everyone: Viewer = { permissions: [...admin.permissions], disabledRoutes: [] };
      const found = searchPages("e", everyone, title);
      expect(found.items).toHaveLength(10);
      expect(found.total).toBeGreaterThan(10);
    });
  });
});
