import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  type ByRoleMatcher,
  type ByRoleOptions,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import type { Permission } from "@netfleet/contracts/permissions";
import type { DeviceDetail, DeviceLog } from "@netfleet/contracts/schemas/device-page";
import { setSessionState } from "../../../../lib/http";
import { failure, fakeApi, success, type FakeRequest } from "../../../../test/fake-api";
import type { createFakeSocket } from "../../../../test/fake-socket";
import { renderApp } from "../../../../test/render";
import { testUser } from "../../../../test/users";

const fake = vi.hoisted(() => ({
  current: undefined as ReturnType<typeof createFakeSocket> | undefined,
}));

vi.mock("socket.io-client", async () => {
  const { createFakeSocket: create } = await import("../../../../test/fake-socket");
  fake.current = create();
  return { io: () => fake.current?.socket };
});

function device(overrides: Partial<DeviceDetail> = {}): DeviceDetail {
  return {
    id: 42,
    company_id: 3,
    company_name: "Harbour Ltd",
    name: "yard-gw",
    serial: "1100000042",
    mac: "00:1E:42:00:00:2A",
    model: "RUTX11",
    original_model: "RUTX11",
    firmware: "RUTX_R_00.07.06.10",
    status: 1,
    tags: [{ id: 5, name: "Yard", color: "#22aa55" }],
    signal: -67,
    operator: "Telia",
    connection_type: "4G",
    latitude: 59.9139,
    longitude: 10.7522,
    altitude: 123.4,
    last_connection_at: "2026-03-01T10:20:30.000Z",
    created_at: "2026-01-01 00:00:00",
    updated_at: "2026-03-01 10:20:30",
    device_class: "router",
    has_wifi: true,
    has_gps: true,
    has_rutos: true,
    has_mobile: true,
    has_lan: true,
    has_hotspot: true,
    has_io: false,
    has_ddns: true,
    has_data_usage: true,
    has_l2tp: true,
    has_second_modem: false,
    has_network_map: true,
    has_esim: false,
    port_count: 5,
    sim_count: 2,
    device_series: "RUTX",
    fw_version: "00.07.06.10",
    has_webfilter: true,
    has_vpn: true,
    has_legacy_alerts: true,
    has_legacy_vpn: false,
    ...overrides,
  };
}

function log(id: number, overrides: Partial<DeviceLog> = {}): DeviceLog {
  return {
    id,
    company_id: 3,
    serial: "1100000042",
    type: "connected",
    log: `Entry ${id}`,
    created_at: "2026-03-01 10:00:00",
    ...overrides,
  };
}

const emptyList = success([], { meta: { total: 0 } });

/** A page loads its chunk, the user, the device and its tab's data: seconds on a busy machine. */
const LOADED = { timeout: 5000 };
const findRole = (role: ByRoleMatcher, options?: ByRoleOptions) =>
  screen.findByRole(role, options, LOADED);
const findText = (text: string) => screen.findByText(text, {}, LOADED);

/** The console's server for a device page: the user, the device and its activity. */
function server(options: {
  permissions?: Permission[];
  device?: DeviceDetail;
  logs?: (request: FakeRequest) => { status: number; body?: unknown };
}) {
  const user = testUser({ permissions: options.permissions ?? ["view_devices"] });
  const shown = options.device ?? device();
  return fakeApi()
    .on("GET", "/api/user", success(user, user))
    .on("GET", `/api/devices/${shown.id}`, success(shown))
    .on("GET", `/api/devices/${shown.id}/logs`, options.logs ?? emptyList);
}

beforeEach(() => {
  setSessionState("authenticated");
});

describe("the device page", () => {
  it("names the device in its title and breadcrumbs", async () => {
    server({});
    renderApp("/devices/42/activity");

    expect(await findRole("heading", { level: 1, name: "yard-gw" })).toBeVisible();
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumbs" });
    expect(within(crumbs).getByRole("link", { name: "Devices" })).toHaveAttribute(
      "href",
      "/management/devices",
    );
    expect(within(crumbs).getByRole("link", { name: "yard-gw" })).toHaveAttribute(
      "href",
      "/devices/42",
    );
    expect(within(crumbs).getByText("Activity")).toHaveAttribute("aria-current", "page");
    await waitFor(() => expect(document.title).toBe("yard-gw · Netfleet"));
  });

  it("shows a device name with markup as text", async () => {
    const name = "<img src=x onerror=alert(1)>";
    server({ device: device({ name, operator: "<b>Evil</b>" }) });
    renderApp("/devices/42/activity");

    expect(await findRole("heading", { level: 1, name })).toBeVisible();
    expect(screen.getByText(/<b>Evil<\/b>/)).toBeVisible();
    expect(document.querySelector("img[src='x']")).toBeNull();
    expect(document.querySelector("b")).toBeNull();
  });

  it("shows the status, model, firmware, company, tags, serial, MAC and last contact", async () => {
    server({});
    renderApp("/devices/42/activity");

    const summary = await findRole("region", { name: "Device details" });
    for (const text of [
      "Online",
      "Harbour Ltd",
      "Yard",
      "1100000042",
      "00:1E:42:00:00:2A",
      "4G · Telia",
      "-67 dBm",
    ])
      expect(within(summary).getByText(text)).toBeVisible();
    expect(screen.getByText("RUTX11 · RUTX_R_00.07.06.10")).toBeVisible();
    expect(within(summary).getByText(/^2026-03-01 \d{2}:20:30$/)).toBeVisible();
  });

  it("shows the position with the altitude the device reported, in metres", async () => {
    server({});
    renderApp("/devices/42/activity");

    const summary = await findRole("region", { name: "Device details" });
    expect(within(summary).getByText("59.913900, 10.752200 · 123 m")).toBeVisible();
  });

  it("shows the position alone when the device reported no altitude", async () => {
    server({ device: device({ altitude: null }) });
    renderApp("/devices/42/activity");

    const summary = await findRole("region", { name: "Device details" });
    expect(within(summary).getByText("59.913900, 10.752200")).toBeVisible();
    expect(within(summary).queryByText(/\d m$/)).toBeNull();
  });

  it("shows the altitude beside the current position on the Location tab", async () => {
    server({}).on(
      "GET",
      "/api/devices/42/locations/history",
      success([], {
        meta: {
          start_date: "2026-03-01 00:00:00",
          end_date: "2026-03-02 00:00:00",
          bucket_seconds: 300,
        },
      }),
    );
    renderApp("/devices/42/location");

    expect(await findText("Now at 59.913900, 10.752200 · 123 m")).toBeVisible();
  });

  it("offers only the tabs the user's permissions open", async () => {
    server({});
    renderApp("/devices/42/activity");

    const tabs = await findRole("tablist", { name: "Sections" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Activity", "Location", "Data usage", "Access", "Monitoring history", "Metrics"]);
  });

  it("offers the permission-bound tabs to a user who holds their permissions", async () => {
    server({
      permissions: [
        "view_devices",
        "view_device_dashboard",
        "view_device_remote_access",
        "update_device_credit_status",
        "create_multi_configuration",
      ],
    });
    renderApp("/devices/42/activity");

    const tabs = await findRole("tablist", { name: "Sections" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual([
      "Activity",
      "Location",
      "Dashboards",
      "Data usage",
      "Ports",
      "Services",
      "Access",
      "Network",
      "Monitoring history",
      "Metrics",
      "eSIM",
    ]);
  });

  it("says a device outside the user's companies is not found", async () => {
    fakeApi()
      .on("GET", "/api/user", success(testUser(), testUser()))
      .on("GET", "/api/devices/9", failure(404, "NOT_FOUND", "No such device."));
    renderApp("/devices/9/activity");

    expect(await findRole("heading", { name: "Device not found" })).toBeVisible();
  });

  it("says a tab whose capability is not built yet is not available, under the device's name", async () => {
    server({});
    renderApp("/devices/42/access");

    expect(await findRole("heading", { level: 1, name: "yard-gw" })).toBeVisible();
    expect(
      await findText("Access is not available in this version of Netfleet yet."),
    ).toBeVisible();
  });
});

describe("the device page's activity", () => {
  it("says so when the device has no activity yet", async () => {
    server({});
    renderApp("/devices/42/activity");

    expect(await findRole("heading", { name: "No activity yet" })).toBeVisible();
  });

  it("lists the activity newest first, with who asked, and pages through it", async () => {
    const entries = [
      log(30, { type: "task", log: "Reboot requested", user_id: 7, user_name: "Grace Hopper" }),
      log(29, { type: "wan.failover", log: "<script>alert(1)</script>" }),
      ...Array.from({ length: 18 }, (_, i) => log(28 - i)),
    ];
    const api = server({
      logs: (request) =>
        request.query.get("offset") === "0"
          ? success(entries, { meta: { total: 25 } })
          : success([log(5, { log: "Oldest page" })], { meta: { total: 25 } }),
    });
    const { user } = renderApp("/devices/42/activity");

    const list = await findRole("list", { name: "Activity" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(20);
    expect(within(items[0]!).getByText("Reboot requested")).toBeVisible();
    expect(within(items[0]!).getByText("Task")).toBeVisible();
    expect(within(items[0]!).getByText("By Grace Hopper")).toBeVisible();
    expect(within(items[1]!).getByText("wan.failover")).toBeVisible();
    expect(within(items[1]!).getByText("<script>alert(1)</script>")).toBeVisible();
    expect(screen.getByText("1–20 of 25")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Page 2" }));
    expect(await findText("Oldest page")).toBeVisible();
    expect(api.calls("GET", "/api/devices/42/logs").at(-1)?.search).toBe("?limit=20&offset=20");
  });

  it("asks the server for connections only when the filter says so", async () => {
    const api = server({});
    const { user } = renderApp("/devices/42/activity");

    await findRole("heading", { name: "No activity yet" });
    await user.click(screen.getByText("Connections"));
    expect(await findRole("heading", { name: "Nothing of this kind yet" })).toBeVisible();
    expect(api.calls("GET", "/api/devices/42/logs").at(-1)?.query.get("type")).toBe(
      "connected,disconnected",
    );
  });

  it("follows the device's status live and reloads the activity", async () => {
    const api = server({});
    renderApp("/devices/42/activity");
    const summary = await findRole("region", { name: "Device details" });
    await waitFor(() =>
      expect(fake.current?.sent).toContainEqual(["subscribe", { channel: "private-devices.3" }]),
    );
    const before = api.calls("GET", "/api/devices/42/logs").length;

    fake.current?.push("private-devices.3", "DevicesStatusUpdated", {
      devices: [{ id: 41, status: 1, last_seen_at: "2026-03-02 08:00:00" }],
      overflow: false,
    });
    fake.current?.push("private-devices.3", "DevicesStatusUpdated", {
      devices: [{ id: 42, status: 0, last_seen_at: "2026-03-02 08:00:00" }],
      overflow: false,
    });

    expect(await within(summary).findByText("Offline", {}, LOADED)).toBeVisible();
    expect(within(summary).getByText(/^2026-03-02 \d{2}:00:00$/)).toBeVisible();
    await waitFor(() =>
      expect(api.calls("GET", "/api/devices/42/logs").length).toBeGreaterThan(before),
    );
  });
});

describe("the device page's Reboot button", () => {
  it("is not there for a user who may not run device actions", async () => {
    server({ permissions: ["view_devices"] });
    renderApp("/devices/42/activity");

    await findRole("heading", { level: 1, name: "yard-gw" });
    expect(screen.queryByRole("button", { name: "Reboot" })).toBeNull();
  });

  /** A user who may reboot asks for it and confirms; the server answers the action's channel. */
  async function reboot() {
    const api = server({ permissions: ["view_devices", "update_devices"] }).on(
      "POST",
      "/api/devices/actions",
      { status: 200, body: { success: true, meta: { channel: "private-status.7.abc" } } },
    );
    const { user } = renderApp("/devices/42/activity");

    await user.click(await findRole("button", { name: "Reboot" }));
    const confirm = await findRole("dialog", { name: "Reboot the device?" });
    await user.click(within(confirm).getByRole("button", { name: "Reboot" }));
    return { api, user };
  }

  it("asks first, then reboots the device and follows the task", async () => {
    const { api } = await reboot();

    await waitFor(() => expect(api.calls("POST", "/api/devices/actions")).toHaveLength(1));
    expect(api.calls("POST", "/api/devices/actions")[0]?.body).toEqual({
      action: "reboot",
      device_id: [42],
    });
    expect(await findText("private-status.7.abc")).toBeVisible();
  });

  it("reads the activity again when its status dialog is closed before the action ends", async () => {
    const { api, user } = await reboot();
    const status = await findRole("dialog", { name: "Action status" });
    await waitFor(() => expect(api.calls("GET", "/api/devices/42/logs")).toHaveLength(2));

    await user.click(within(status).getAllByRole("button", { name: "Close" })[0]!);

    await waitFor(() => expect(api.calls("GET", "/api/devices/42/logs")).toHaveLength(3));
  });

  it("shows the server's message when the reboot is refused", async () => {
    server({ permissions: ["view_devices", "update_devices"] }).on(
      "POST",
      "/api/devices/actions",
      failure(422, "VALIDATION_FAILED", "The device cannot reboot now."),
    );
    const { user } = renderApp("/devices/42/activity");

    await user.click(await findRole("button", { name: "Reboot" }));
    const confirm = await findRole("dialog", { name: "Reboot the device?" });
    await user.click(within(confirm).getByRole("button", { name: "Reboot" }));

    expect(await findText("The device cannot reboot now.")).toBeVisible();
  });
});

describe("the device page's charts", () => {
  it("says so when the range holds no measurements", async () => {
    const api = server({}).on(
      "GET",
      "/api/devices/42/information-history",
      success([], {
        meta: {
          start_date: "2026-03-01 00:00:00",
          end_date: "2026-03-02 00:00:00",
          total: 0,
          bucket_seconds: 300,
        },
      }),
    );
    const { user } = renderApp("/devices/42/metrics/dynamic");

    expect(await findRole("heading", { name: "No measurements in this range" })).toBeVisible();
    await user.click(screen.getByText("7 d"));
    await waitFor(() => {
      const last = api.calls("GET", "/api/devices/42/information-history").at(-1);
      const start = Date.parse(`${last?.query.get("start_date")?.replace(" ", "T")}Z`);
      const end = Date.parse(`${last?.query.get("end_date")?.replace(" ", "T")}Z`);
      expect(end - start).toBe(7 * 86_400_000);
    });
  });

  it("says a model without inputs and outputs has none to chart", async () => {
    server({});
    renderApp("/devices/42/metrics/io");

    expect(await findRole("heading", { name: "No inputs or outputs" })).toBeVisible();
  });

  it("says so when the range holds no data usage", async () => {
    server({}).on(
      "GET",
      "/api/devices/42/data-usage",
      success([], {
        meta: {
          start_date: "2026-03-01 00:00:00",
          end_date: "2026-03-02 00:00:00",
          period: "hour",
        },
      }),
    );
    renderApp("/devices/42/data-usage");

    expect(await findRole("heading", { name: "No data usage in this range" })).toBeVisible();
  });

  it("sums the data usage of the range", async () => {
    server({}).on(
      "GET",
      "/api/devices/42/data-usage",
      success(
        [
          { date: "2026-03-01", tx: 1024, rx: 2048 },
          { date: "2026-03-02", tx: 1024, rx: 1024 * 1024 },
        ],
        {
          meta: {
            start_date: "2026-02-24 00:00:00",
            end_date: "2026-03-03 00:00:00",
            period: "day",
          },
        },
      ),
    );
    renderApp("/devices/42/data-usage?range=7d");

    expect(await findText("Sent 2.00 KB · received 1.00 MB in this range")).toBeVisible();
    // The chart's library loads in its own chunk; the test ends once it has drawn.
    const region = await findRole("region", { name: "Data usage" });
    expect(await within(region).findByRole("img", {}, LOADED)).toBeVisible();
  });
});
