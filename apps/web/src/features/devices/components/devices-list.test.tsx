import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import { deviceFlags } from "@netfleet/contracts/devices/flags";
import { DEVICES_STATUS_EVENT } from "@netfleet/contracts/schemas/device-activity";
import type { DeviceListItem } from "@netfleet/contracts/schemas/devices";
import type { Permission } from "@netfleet/contracts/permissions";
import { setSessionState } from "../../../lib/http";
import { i18n } from "../../../lib/i18n";
import { CURRENT_USER_KEY } from "../../../lib/viewer";
import { deferred, failure, fakeApi, success, type FakeRequest } from "../../../test/fake-api";
import type { createFakeSocket } from "../../../test/fake-socket";
import { renderPage } from "../../../test/render";
import { testUser } from "../../../test/users";
import { actionStatusDialogId } from "../../../components/ui/dialog/action-status-dialog";
import { closeAllDialogs, dialogEntry } from "../../../components/ui/dialog/dialog-store";
import { DevicesList } from "./devices-list";
import { VIRTUAL_ROWS_FROM } from "./devices-table";

const fake = vi.hoisted(() => ({
  current: undefined as ReturnType<typeof createFakeSocket> | undefined,
}));

vi.mock("socket.io-client", async () => {
  const { createFakeSocket: create } = await import("../../../test/fake-socket");
  fake.current = create();
  return { io: () => fake.current?.socket };
});

function device(id: number, overrides: Partial<DeviceListItem> = {}): DeviceListItem {
  return {
    id,
    company_id: 1,
    company_name: "Acme Networks",
    name: `Router ${id}`,
    serial: String(1_100_000_000 + id),
    mac: `00:1E:42:00:00:${id.toString(16).padStart(2, "0").toUpperCase()}`,
    model: "RUTX11",
    original_model: "RUTX11",
    firmware: "RUTX_R_00.07.06",
    status: 1,
    tags: [],
    latitude: null,
    longitude: null,
    altitude: null,
    created_at: new Date(2025, 0, 2, 3, 4, 5).toISOString(),
    updated_at: new Date(2025, 0, 2, 3, 4, 5).toISOString(),
    ...deviceFlags({ model: "RUTX11" }),
    ...overrides,
  };
}

/** The server's list answer: `total` devices, sliced by the request's limit and offset. */
function page(request: FakeRequest, total: number, extra: { capped?: boolean } = {}) {
  const limit = Number(request.query.get("limit"));
  const after = request.query.get("after");
  const offset = after ? Number(after.slice(1)) : Number(request.query.get("offset"));
  const ids = Array.from(
    { length: Math.max(0, Math.min(limit, (extra.capped ? 1e6 : total) - offset)) },
    (_, i) => offset + i + 1,
  );
  const next = offset + limit < (extra.capped ? 1e6 : total) ? `@${offset + limit}` : undefined;
  return {
    status: 200,
    body: {
      success: true,
      data: ids.map((id) => device(id)),
      meta: { total, total_capped: extra.capped ?? false, ...(next ? { next } : {}) },
    },
  };
}

const URL = "/management/devices";
const rowOf = (text: string) => screen.getByText(text).closest("tr") as HTMLElement;

/** Renders the list for a signed-in user holding `permissions`. */
function renderList(url = URL, permissions: Permission[] = ["view_devices"]) {
  const rendered = renderPage(<DevicesList />, { url, path: "/management/devices" });
  rendered.queryClient.setQueryData(CURRENT_USER_KEY, testUser({ permissions }));
  return rendered;
}

beforeEach(() => {
  setSessionState("authenticated");
});

afterEach(() => {
  setSessionState("unauthenticated");
  act(() => closeAllDialogs());
});

describe("DevicesList", () => {
  it("shows a loading table, then the first page of devices", async () => {
    const release = deferred();
    const api = fakeApi().on("GET", "/api/devices", async (request) => {
      await release.promise;
      return page(request, 60);
    });
    renderList();

    const table = await screen.findByRole("table", { name: "Devices" });
    expect(table).toHaveAttribute("aria-busy", "true");
    expect(within(table).queryByText("Router 1")).not.toBeInTheDocument();

    release.resolve();

    const row = (await screen.findByText("Router 1")).closest("tr");
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText("Online")).toBeVisible();
    expect(within(row as HTMLElement).getByText("2025-01-02 03:04:05")).toBeVisible();
    expect(within(row as HTMLElement).getByText("Acme Networks")).toBeVisible();
    expect(table).toHaveAttribute("aria-busy", "false");
    expect(screen.getByText("1–25 of 60")).toBeVisible();
    const query = api.calls("GET", "/api/devices")[0]!.query;
    expect(query.get("limit")).toBe("25");
    expect(query.get("offset")).toBe("0");
    // Only what the list shows travels.
    expect(query.get("fields")?.split(",")).toEqual(expect.arrayContaining(["name", "tags"]));
  });

  it("FM-ENTITY-007 shows the default definition's columns with the status after the name", async () => {
    fakeApi().on("GET", "/api/devices", (request) => page(request, 3));
    renderList();
    const table = await screen.findByRole("table", { name: "Devices" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((th) => th.textContent);
    expect(headers).toEqual([
      "Name",
      "Status",
      "Model",
      "Company",
      "Tags",
      "Serial",
      "MAC",
      "Created at",
    ]);
  });

  it("asks the server for the next page", async () => {
    const api = fakeApi().on("GET", "/api/devices", (request) => page(request, 60));
    const { user } = renderList();
    await screen.findByText("Router 1");

    await user.click(screen.getByRole("button", { name: "Next page" }));

    expect(await screen.findByText("Router 26")).toBeVisible();
    expect(screen.getByText("26–50 of 60")).toBeVisible();
    expect(api.calls("GET", "/api/devices").at(-1)?.query.get("offset")).toBe("25");
  });

  it("draws only the rows in sight of a long page, and says how many rows the table has", async () => {
    // jsdom lays nothing out: every element says it is 400 px high, the scroller too.
    const height = vi.spyOn(Element.prototype, "clientHeight", "get").mockReturnValue(400);
    onTestFinished(() => height.mockRestore());
    const api = fakeApi().on("GET", "/api/devices", (request) => page(request, 300));
    const { user } = renderList();
    await screen.findByText("Router 1");

    await user.selectOptions(screen.getByLabelText("Rows per page"), "100");

    expect(await screen.findByText("1–100 of 300")).toBeVisible();
    expect(api.calls("GET", "/api/devices").at(-1)?.query.get("limit")).toBe("100");
    const table = screen.getByRole("table", { name: "Devices" });
    await waitFor(() => expect(table).toHaveAttribute("aria-rowcount", "101"));
    // About ten rows fit in 400 px; the virtualizer draws those and ten more below.
    await waitFor(() =>
      expect(within(table).getAllByRole("row").length).toBeLessThan(VIRTUAL_ROWS_FROM),
    );
    expect(within(table).getByText("Router 1")).toBeInTheDocument();
    expect(within(table).queryByText("Router 100")).not.toBeInTheDocument();
  });

  it("says 10 000+ when more devices match than the server counts, and pages on by cursor", async () => {
    const api = fakeApi().on("GET", "/api/devices", (request) =>
      page(request, 10_000, { capped: true }),
    );
    const { user, router } = renderList();
    await screen.findByText("Router 1");
    expect(screen.getByText("1–25 of 10 000+")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Next page" }));

    expect(await screen.findByText("Router 26")).toBeVisible();
    expect(screen.getByText("26–50 of 10 000+")).toBeVisible();
    const last = api.calls("GET", "/api/devices").at(-1)!.query;
    expect(last.get("after")).toBe("@25");
    expect(last.has("offset")).toBe(false);
    expect(router.state.location.search).toContain("after=%4025");
    expect(screen.getByText("Page 2")).toBeVisible();
  });

  it("sorts on the server when a column header is clicked", async () => {
    const api = fakeApi().on("GET", "/api/devices", (request) => page(request, 3));
    const { user } = renderList();
    await screen.findByText("Router 1");
    const lastSort = () => api.calls("GET", "/api/devices").at(-1)?.query.get("sort");

    await user.click(screen.getByRole("button", { name: "Name" }));
    await expect.poll(lastSort).toBe("name");
    expect(screen.getByRole("columnheader", { name: "Name" })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );

    await user.click(screen.getByRole("button", { name: "Name" }));
    await expect.poll(lastSort).toBe("-name");

    await user.click(screen.getByRole("button", { name: "Created at" }));
    await expect.poll(lastSort).toBe("-created_at");
  });

  it("reads its filters from the URL, sends them by their API names and drops one when its chip goes", async () => {
    const api = fakeApi()
      .on("GET", "/api/devices", (request) => page(request, 2))
      .on("GET", "/api/devices/statistics", success({ status: {}, model: {}, firmware: {} }));
    const { user, router } = renderList(`${URL}?status=offline&model=RUTX11&signal=low`);
    await screen.findByText("Router 1");
    const query = api.calls("GET", "/api/devices").at(-1)!.query;
    expect(query.get("status")).toBe("offline");
    expect(query.get("model")).toBe("RUTX11");
    expect(query.get("signal")).toBe("low");

    await user.click(screen.getByRole("button", { name: "Remove filter Status: Offline" }));

    await expect
      .poll(() => api.calls("GET", "/api/devices").at(-1)?.query.has("status"))
      .toBe(false);
    expect(router.state.location.search).not.toContain("status=");
    expect(router.state.location.search).toContain("model=RUTX11");
  });

  it("filters by a status chosen in the filters, and by a slice of a chart", async () => {
    const api = fakeApi()
      .on("GET", "/api/devices", (request) => page(request, 5))
      .on(
        "GET",
        "/api/devices/statistics",
        success({ status: { online: 3, offline: 2 }, model: { RUTX11: 5 }, firmware: {} }),
      );
    const { user, router } = renderList();
    await screen.findByText("Router 1");

    await user.click(await screen.findByRole("button", { name: "Show only RUTX11 (5)" }));
    await expect.poll(() => router.state.location.search).toContain("model=RUTX11");

    await user.click(screen.getByRole("button", { name: /^Filters/ }));
    await user.click(await screen.findByRole("combobox", { name: "Status" }));
    // jsdom lays nothing out, so Mantine takes the field for scrolled away and hides the list.
    await user.click(await screen.findByRole("option", { name: "Pending", hidden: true }));

    await expect
      .poll(() => api.calls("GET", "/api/devices").at(-1)?.query.get("status"))
      .toBe("pending");
    expect(router.state.location.search).toContain("status=pending");
    expect(api.calls("GET", "/api/devices/statistics").at(-1)?.query.get("status")).toBe("pending");
  });

  it("FM-ENTITY-008 renames a device in place: Enter saves, Escape gives up", async () => {
    const api = fakeApi()
      .on("GET", "/api/devices", (request) => page(request, 2))
      .on("PUT", "/api/devices/1", (request) =>
        success(device(1, { name: (request.body as { name: string }).name })),
      );
    const { user } = renderList(URL, ["view_devices", "update_devices"]);
    await screen.findByText("Router 1");

    await user.click(screen.getByRole("button", { name: "Rename Router 1" }));
    const field = screen.getByRole("textbox", { name: "New name for Router 1" });
    await user.clear(field);
    await user.type(field, "Core router{Enter}");

    expect(await screen.findByRole("link", { name: "Core router" })).toBeVisible();
    expect(api.calls("PUT", "/api/devices/1")[0]?.body).toEqual({ name: "Core router" });

    await user.click(screen.getByRole("button", { name: "Rename Router 2" }));
    await user.type(screen.getByRole("textbox", { name: "New name for Router 2" }), "x{Escape}");
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Router 2" })).toBeVisible();
    expect(api.calls("PUT", "/api/devices/2")).toHaveLength(0);
  });

  it("keeps the name field open with the server's reason when a rename is refused", async () => {
    fakeApi()
      .on("GET", "/api/devices", (request) => page(request, 1))
      .on("PUT", "/api/devices/1", failure(422, "VALIDATION_FAILED", "Name is taken here", "name"));
    const { user } = renderList(URL, ["view_devices", "update_devices"]);
    await screen.findByText("Router 1");

    await user.click(screen.getByRole("button", { name: "Rename Router 1" }));
    await user.type(screen.getByRole("textbox", { name: "New name for Router 1" }), "2{Enter}");

    expect(await screen.findByText("Name is taken here")).toBeVisible();
    expect(screen.getByRole("textbox", { name: "New name for Router 1" })).toHaveValue("Router 12");
  });

  it("FM-ENTITY-008 changes a device's tags with the tag picker", async () => {
    const api = fakeApi()
      .on("GET", "/api/devices", (request) => page(request, 1))
      .on(
        "GET",
        "/api/tags",
        success(
          [
            { id: 5, name: "Core", color: "#ff0000" },
            { id: 6, name: "Edge" },
          ],
          { meta: { total: 2 } },
        ),
      )
      .on(
        "PUT",
        "/api/devices/1",
        success(device(1, { tags: [{ id: 5, name: "Core", color: "#ff0000" }] })),
      );
    const { user } = renderList(URL, ["view_devices", "update_devices"]);
    await screen.findByText("Router 1");

    await user.click(screen.getByRole("button", { name: "Change the tags of Router 1" }));
    // jsdom lays nothing out, so Mantine takes the button for scrolled away and hides the picker.
    await user.click(await screen.findByRole("checkbox", { name: "Core", hidden: true }));
    await user.click(screen.getByRole("button", { name: "Save", hidden: true }));

    expect(await within(rowOf("Router 1")).findByText("Core")).toBeVisible();
    expect(api.calls("PUT", "/api/devices/1")[0]?.body).toEqual({ tag_id: [5] });
    expect(screen.queryByRole("checkbox", { name: "Edge", hidden: true })).not.toBeInTheDocument();
  });

  it("reboots the ticked devices after asking, and follows the action in the Action status dialog", async () => {
    const api = fakeApi()
      .on("GET", "/api/devices", (request) => page(request, 3))
      .on(
        "POST",
        "/api/devices/actions",
        success(undefined, { meta: { channel: "private-status.1.abc" } }),
      );
    const { user } = renderList(URL, ["view_devices", "update_devices"]);
    await screen.findByText("Router 1");
    expect(screen.queryByRole("toolbar")).not.toBeInTheDocument();

    await user.click(screen.getByRole("checkbox", { name: "Select Router 1" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Router 3" }));
    const bar = screen.getByRole("toolbar", { name: "Actions on the selected devices" });
    expect(within(bar).getByText("2 selected")).toBeVisible();
    // Deleting takes delete_devices, which this user lacks.
    expect(within(bar).queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();

    await user.click(within(bar).getByRole("button", { name: "Reboot" }));
    const confirm = await screen.findByRole("dialog", { name: "Reboot 2 devices?" });
    await user.click(within(confirm).getByRole("button", { name: "Reboot" }));

    await waitFor(() => expect(api.calls("POST", "/api/devices/actions")).toHaveLength(1));
    expect(api.calls("POST", "/api/devices/actions")[0]?.body).toEqual({
      action: "reboot",
      device_id: [1, 3],
    });
    expect(dialogEntry(actionStatusDialogId("private-status.1.abc"))).toBeDefined();
    expect(screen.queryByRole("toolbar")).not.toBeInTheDocument();
  });

  it("selects every matching device past the page, and tags them by the list's filter", async () => {
    const api = fakeApi()
      .on("GET", "/api/devices", (request) => page(request, 60))
      .on("GET", "/api/tags", success([{ id: 5, name: "Core" }], { meta: { total: 1 } }))
      .on(
        "PUT",
        "/api/devices/tags/assign",
        success(undefined, { meta: { channel: "private-status.1.tags" } }),
      );
    const { user } = renderList(`${URL}?model=RUTX11&q=north`, ["view_devices", "update_devices"]);
    await screen.findByText("Router 1");

    await user.click(screen.getByRole("checkbox", { name: "Select every device on this page" }));
    const bar = screen.getByRole("toolbar", { name: "Actions on the selected devices" });
    expect(within(bar).getByText("25 selected")).toBeVisible();
    await user.click(within(bar).getByRole("button", { name: "Select all 60 matching" }));
    expect(within(bar).getByText("All 60 matching devices are selected.")).toBeVisible();

    await user.click(within(bar).getByRole("button", { name: "Add tags" }));
    const dialog = await screen.findByRole("dialog", { name: "Add tags to 60 devices" });
    await user.click(within(dialog).getByLabelText("Tags to add"));
    await user.click(await screen.findByRole("option", { name: "Core", hidden: true }));
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));

    await waitFor(() => expect(api.calls("PUT", "/api/devices/tags/assign")).toHaveLength(1));
    expect(api.calls("PUT", "/api/devices/tags/assign")[0]?.body).toEqual({
      filter: { q: "north", model: "RUTX11" },
      tag_id: [5],
    });
  });

  it("takes the ticked devices, or all matching, to Update firmware and Upload backup", async () => {
    fakeApi().on("GET", "/api/devices", (request) => page(request, 60));
    const { user } = renderList(`${URL}?model=RUTX11&q=north%20yard`, [
      "view_devices",
      "update_devices",
    ]);
    await screen.findByText("Router 1");

    await user.click(screen.getByRole("checkbox", { name: "Select Router 2" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Router 7" }));
    const bar = screen.getByRole("toolbar", { name: "Actions on the selected devices" });
    expect(within(bar).getByRole("link", { name: "Update firmware" })).toHaveAttribute(
      "href",
      "/management/update-firmware?selection=2,7",
    );
    expect(within(bar).getByRole("link", { name: "Upload backup" })).toHaveAttribute(
      "href",
      "/management/upload-backup?selection=2,7",
    );

    await user.click(screen.getByRole("checkbox", { name: "Select every device on this page" }));
    await user.click(within(bar).getByRole("button", { name: "Select all 60 matching" }));
    expect(within(bar).getByRole("link", { name: "Update firmware" })).toHaveAttribute(
      "href",
      "/management/update-firmware?selection=all&q=north%20yard&model=RUTX11",
    );
  });

  it("offers no renaming to a user who may not change devices", async () => {
    fakeApi().on("GET", "/api/devices", (request) => page(request, 1));
    renderList();
    await screen.findByText("Router 1");
    expect(screen.queryByRole("button", { name: "Rename Router 1" })).not.toBeInTheDocument();
    expect(
      screen.queryByRole("button", { name: "Change the tags of Router 1" }),
    ).not.toBeInTheDocument();
  });

  it("shows a status change pushed on the company's device channel without reloading", async () => {
    const api = fakeApi().on("GET", "/api/devices", (request) => page(request, 3));
    renderList();
    await screen.findByText("Router 1");
    await waitFor(() =>
      expect(fake.current?.sent).toContainEqual(["subscribe", { channel: "private-devices.1" }]),
    );
    const loads = api.calls("GET", "/api/devices").length;

    fake.current!.push("private-devices.1", DEVICES_STATUS_EVENT, {
      devices: [{ id: 2, status: 0, last_seen_at: "2025-03-01 10:00:00" }],
      overflow: false,
    });

    expect(await within(rowOf("Router 2")).findByText("Offline")).toBeVisible();
    expect(within(rowOf("Router 1")).getByText("Online")).toBeVisible();
    expect(api.calls("GET", "/api/devices")).toHaveLength(loads);
  });

  it("reloads the list, once, when devices it does not show report in (a device that just enrolled)", async () => {
    let count = 2;
    const api = fakeApi().on("GET", "/api/devices", (request) => page(request, count));
    renderList();
    await screen.findByText("Router 2");
    await waitFor(() =>
      expect(fake.current?.sent).toContainEqual(["subscribe", { channel: "private-devices.1" }]),
    );
    const loads = api.calls("GET", "/api/devices").length;

    count = 3;
    fake.current!.push("private-devices.1", DEVICES_STATUS_EVENT, {
      devices: [{ id: 3, status: 1, last_seen_at: "2025-03-01 10:00:00" }],
      overflow: false,
    });
    expect(await screen.findByText("Router 3")).toBeVisible();
    // More news of unseen devices right after does not reload again at once.
    fake.current!.push("private-devices.1", DEVICES_STATUS_EVENT, {
      devices: [{ id: 99, status: 1, last_seen_at: "2025-03-01 10:00:01" }],
      overflow: false,
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(api.calls("GET", "/api/devices")).toHaveLength(loads + 1);
  });

  it("searches once the user stops typing and says when nothing matches", async () => {
    const api = fakeApi().on("GET", "/api/devices", (request) =>
      page(request, request.query.get("q") ? 0 : 3),
    );
    const { user } = renderList();
    await screen.findByText("Router 1");

    await user.type(screen.getByRole("searchbox", { name: "Search devices" }), "zzz");

    expect(await screen.findByText("No devices match “zzz”", {}, { timeout: 2000 })).toBeVisible();
    const searches = api.calls("GET", "/api/devices").filter((r) => r.query.has("q"));
    expect(searches.map((r) => r.query.get("q"))).toEqual(["zzz"]);

    await user.click(screen.getByRole("button", { name: "Clear search" }));
    expect(await screen.findByText("Router 1")).toBeVisible();
    expect(screen.getByRole("searchbox", { name: "Search devices" })).toHaveValue("");
  });

  it("shows an empty fleet how to add its first device, to those who may", async () => {
    fakeApi().on("GET", "/api/devices", (request) => page(request, 0));
    renderList(URL, ["view_devices", "create_devices"]);

    expect(await screen.findByText("No devices yet")).toBeVisible();
    expect(screen.getByRole("link", { name: "Add a device" })).toHaveAttribute(
      "href",
      "/forms/add-device",
    );
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("offers no adding to a user who may not add devices", async () => {
    fakeApi().on("GET", "/api/devices", (request) => page(request, 0));
    renderList();

    expect(await screen.findByText("No devices yet")).toBeVisible();
    expect(screen.queryByRole("link", { name: "Add a device" })).not.toBeInTheDocument();
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    fakeApi().on(
      "GET",
      "/api/devices",
      failure(403, "FORBIDDEN", "You do not have permission to do this."),
    );
    renderList();

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load devices");
    expect(alert).toHaveTextContent("You do not have permission to do this.");
  });

  it("exports what the list shows, filters and order included", async () => {
    fakeApi().on("GET", "/api/devices", (request) => page(request, 3));
    renderList(`${URL}?sort=-name&status=online&q=gw`);
    await screen.findByText("Router 1");
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/devices/export/csv?q=gw&sort=-name&status=online",
    );
  });

  it("speaks the chosen language: search, column headings, statuses and paging", async () => {
    await i18n.changeLanguage("no");
    fakeApi().on("GET", "/api/devices", (request) => page(request, 60));
    renderList();

    const table = await screen.findByRole("table", { name: "Enheter" });
    expect(await within(table).findByText("Router 1")).toBeVisible();
    expect(screen.getByRole("searchbox", { name: "Søk i enheter" })).toBeVisible();
    expect(within(table).getByRole("button", { name: "Serienummer" })).toBeVisible();
    expect(within(table).getAllByText("Tilkoblet")[0]).toBeVisible();
    expect(screen.getByText("1–25 av 60")).toBeVisible();
    expect(screen.getByRole("button", { name: "Neste side" })).toBeVisible();
  });
});
