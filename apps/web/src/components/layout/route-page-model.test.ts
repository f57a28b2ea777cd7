import { describe, expect, it } from "vitest";
import { routeByName, type RouteSpec } from "@netfleet/contracts/routes";
import { pageModel } from "./route-page-model";

const route = (name: string) => routeByName(name)!;
const title = (r: RouteSpec) => r.title;
const admin = { permissions: ["view_companies", "view_users", "view_devices"], disabledRoutes: [] };

describe("page frame", () => {
  it("SH-LAYOUT-019 builds breadcrumbs from the route names and titles, linking every ancestor", () => {
    const model = pageModel(
      route("company.invitations"),
      { company_id: "7" },
      { ...admin, permissions: [...admin.permissions, "view_user_invitations"] },
      title,
    );
    expect(model.crumbs).toEqual([
      { name: "users.companies", title: "Companies", to: "/companies" },
      { name: "company.info", title: "Company", to: "/companies/7" },
      { name: "company.users", title: "Users", to: "/companies/7/users" },
      { name: "company.invitations", title: "Invitations", to: undefined },
    ]);
  });

  it("SH-LAYOUT-020 a page can name its breadcrumb, e.g. the automation on automations.info.devices", () => {
    const named = (r: RouteSpec) => (r.name === "automations.info" ? "Night reboot" : r.title);
    const model = pageModel(
      route("automations.info.devices"),
      { id: "3" },
      { permissions: ["view_device_alert_configurations"], disabledRoutes: [] },
      named,
    );
    expect(model.crumbs.map((c) => c.title)).toEqual([
      "Alerts & Automations",
      "Night reboot",
      "Devices",
    ]);
    expect(model.title).toBe("Night reboot");
  });

  it("shows one tab bar per tab host, with only the tabs the user may open", () => {
    const model = pageModel(route("company.userstable"), { company_id: "7" }, admin, title);
    expect(model.title).toBe("Company");
    expect(model.tabBars.map((b) => [b.host, b.active])).toEqual([
      ["company.info", "company.users"],
      ["company.users", "company.userstable"],
    ]);
    const main = model.tabBars[0]!.tabs.map((t) => t.name);
    expect(main).toContain("company.devices");
    expect(main).not.toContain("company.data-history");
    expect(model.tabBars[1]!.tabs.map((t) => t.to)).toEqual(["/companies/7/users/table"]);
  });

  it("a page that is its own first tab shows the tab bar too (files.main)", () => {
    const model = pageModel(
      route("files.main"),
      {},
      { permissions: ["view_files", "view_images"], disabledRoutes: [] },
      title,
    );
    expect(model.tabBars).toEqual([
      {
        host: "files.main",
        active: "files.main",
        tabs: [
          { name: "files.main", title: "Files", to: "/management/files" },
          { name: "files.images", title: "Images", to: "/management/files/images" },
        ],
      },
    ]);
  });
});
