import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { notifications } from "@mantine/notifications";
import {
  act,
  type ByRoleMatcher,
  type ByRoleOptions,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import type { Permission } from "@netfleet/contracts/permissions";
import { closeAllDialogs } from "../../../components/ui/dialog/dialog-store";
import { setSessionState } from "../../../lib/http";
import { failure, fakeApi, success } from "../../../test/fake-api";
import type { createFakeSocket } from "../../../test/fake-socket";
import { renderApp } from "../../../test/render";
import { testUser } from "../../../test/users";
import { companyDetail } from "../companies-test-kit";

const fake = vi.hoisted(() => ({
  current: undefined as ReturnType<typeof createFakeSocket> | undefined,
}));

// The device tab keeps statuses live over the realtime channel.
vi.mock("socket.io-client", async () => {
  const { createFakeSocket: create } = await import("../../../test/fake-socket");
  fake.current = create();
  return { io: () => fake.current?.socket };
});

/** A page loads its chunk, the user, the company and its tab's data: seconds on a busy machine. */
const LOADED = { timeout: 10_000 };
const findRole = (role: ByRoleMatcher, options?: ByRoleOptions) =>
  screen.findByRole(role, options, LOADED);

const NORTH = companyDetail(2, { name: "North", parent_name: "Netfleet Demo", level: 2 });
const emptyList = success([], { meta: { total: 0 } });

/** The console's server for a company page: the user, the company and its tabs' lists. */
function server(permissions: Permission[] = ["view_companies", "view_devices"]) {
  const user = testUser({ permissions });
  return fakeApi()
    .on("GET", "/api/user", success(user, user))
    .on("GET", "/api/companies/2", success(NORTH))
    .on("GET", "/api/devices", emptyList)
    .on("GET", "/api/devices/statistics", success({}))
    .on("GET", "/api/users", emptyList)
    .on("GET", "/api/tags", emptyList)
    .on("GET", "/api/users/invitations", emptyList)
    .on("GET", "/api/storage", emptyList);
}

const tabNames = async (name = "Sections") =>
  within(await findRole("tablist", { name }))
    .getAllByRole("tab")
    .map((tab) => tab.textContent);

beforeEach(() => {
  setSessionState("authenticated");
});

// Dialogs and toasts live outside the rendered tree: none may reach the next test.
afterEach(() => {
  act(() => {
    closeAllDialogs();
    notifications.clean();
  });
});

describe("the company page", () => {
  it("opens on its devices tab, with the company's name in the title and breadcrumbs", async () => {
    const api = server();
    const { router } = renderApp("/companies/2");

    expect(await findRole("heading", { level: 1, name: "North" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/companies/2/devices");
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumbs" });
    expect(within(crumbs).getByRole("link", { name: "Companies" })).toHaveAttribute(
      "href",
      "/companies",
    );
    expect(within(crumbs).getByRole("link", { name: "North" })).toHaveAttribute(
      "href",
      "/companies/2",
    );
    expect(within(crumbs).getByText("Devices")).toHaveAttribute("aria-current", "page");
    expect(screen.getByText("Level 2 · subsidiary of Netfleet Demo")).toBeVisible();
    await waitFor(() => expect(document.title).toBe("North · Netfleet"));

    // The device list, kept to this company's devices.
    await waitFor(() =>
      expect(api.calls("GET", "/api/devices").at(-1)?.query.get("company_id")).toBe("2"),
    );
  });

  it("opens on the first tab the user may open when the devices tab is not one of them", async () => {
    // Metrics needs no permission and comes before the users tab.
    server(["view_companies", "view_users"]);
    const { router } = renderApp("/companies/2");

    expect(await findRole("heading", { level: 1, name: "North" })).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe("/companies/2/metrics"));
  });

  it("offers the company's actions, and leaves the page of a company it deleted", async () => {
    const api = server(["view_companies", "view_devices", "update_companies", "delete_companies"])
      .on("DELETE", "/api/companies/2", success(null))
      .on("GET", "/api/companies", emptyList);
    const { router, user } = renderApp("/companies/2/devices");

    expect(await findRole("button", { name: "Rename North" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Move North" })).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Delete North" }));
    const dialog = await findRole("dialog", { name: "Delete company “North”?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/companies"));
    expect(api.calls("DELETE", "/api/companies/2")).toHaveLength(1);
  });

  it("offers only the tabs the user's permissions open", async () => {
    server();
    renderApp("/companies/2/devices");
    expect(await tabNames()).toEqual([
      "Devices",
      "Metrics",
      "Tags",
      "Files",
      "Reports",
      "Resources",
    ]);
  });

  it("offers the permission-bound tabs to a user who holds their permissions", async () => {
    server([
      "view_companies",
      "view_devices",
      "view_company_data_history",
      "view_users",
      "view_user_invitations",
    ]);
    renderApp("/companies/2/devices");
    expect(await tabNames()).toEqual([
      "Devices",
      "Data history",
      "Metrics",
      "Users",
      "Tags",
      "Files",
      "Reports",
      "Resources",
    ]);
  });

  it("lists the company's users, with the invitations beside them", async () => {
    const api = server(["view_companies", "view_users", "view_user_invitations"]);
    const { router } = renderApp("/companies/2/users");

    expect(await findRole("heading", { level: 1, name: "North" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/companies/2/users/table");
    const [tabs, subTabs] = screen.getAllByRole("tablist", { name: "Sections" });
    expect(within(tabs as HTMLElement).getByRole("tab", { name: "Users" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(
      within(subTabs as HTMLElement)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Users table", "Invitations"]);
    await waitFor(() =>
      expect(api.calls("GET", "/api/users").at(-1)?.query.get("company_id")).toBe("2"),
    );
  });

  it("lists the invitations to the company, with a way to invite into it", async () => {
    const api = server([
      "view_companies",
      "view_users",
      "view_user_invitations",
      "create_user_invitations",
    ]);
    renderApp("/companies/2/users/invitations");

    expect(await findRole("heading", { level: 1, name: "North" })).toBeVisible();
    expect(await findRole("button", { name: "Invite user" })).toBeVisible();
    await waitFor(() =>
      expect(api.calls("GET", "/api/users/invitations").at(-1)?.query.get("company_id")).toBe("2"),
    );
  });

  it("lists the company's tags", async () => {
    const api = server(["view_companies", "view_tags"]);
    renderApp("/companies/2/tags");

    expect(await findRole("heading", { level: 1, name: "North" })).toBeVisible();
    expect(await screen.findByText("No tags yet", {}, LOADED)).toBeVisible();
    expect(api.calls("GET", "/api/tags").at(-1)?.query.get("company_id")).toBe("2");
  });

  it("says a tab this version does not have is not available yet", async () => {
    server();
    renderApp("/companies/2/metrics");

    expect(await findRole("heading", { level: 1, name: "North" })).toBeVisible();
    expect(
      await screen.findByText("Metrics is not available in this version of Netfleet yet."),
    ).toBeVisible();
  });

  it("does not find a company outside the user's tree", async () => {
    server().on("GET", "/api/companies/9", failure(404, "NOT_FOUND", "No such company."));
    renderApp("/companies/9/tags");

    expect(await findRole("heading", { name: "Company not found" })).toBeVisible();
    expect(
      screen.getByText("It does not exist, or it is outside the companies you can see."),
    ).toBeVisible();
  });

  it("does not find a company whose id is not one", async () => {
    const api = server();
    renderApp("/companies/abc/tags");

    expect(await findRole("heading", { name: "Company not found" })).toBeVisible();
    expect(api.requests.filter((r) => r.path.startsWith("/api/companies/"))).toHaveLength(0);
  });

  it("shows the server's message when the company cannot be loaded", async () => {
    server().on("GET", "/api/companies/2", failure(500, "SERVER_ERROR", "Something broke."));
    renderApp("/companies/2/tags");

    const alert = await findRole("alert");
    expect(alert).toHaveTextContent("Could not load the company");
    expect(alert).toHaveTextContent("Something broke.");
  });
});
