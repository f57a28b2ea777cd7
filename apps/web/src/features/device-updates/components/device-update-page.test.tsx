import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import type { PendingUpdate } from "@netfleet/contracts/schemas/device-updates";
import type { FileListItem } from "@netfleet/contracts/schemas/files";
import { closeAllDialogs } from "../../../components/ui/dialog/dialog-store";
import { failure, fakeApi, success, type FakeRequest } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";
import { testUser } from "../../../test/users";

vi.mock("socket.io-client", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { io: () => createFakeSocket().socket };
});

afterEach(() => {
  act(() => closeAllDialogs());
});

const FIRMWARE: FileListItem = {
  id: 1,
  name: "RUTX_R_00.07.10.bin",
  type: "firmware",
  description: null,
  version: "7.10",
  file_size: 12 * 1024 * 1024,
  device_model: "RUTX11",
  company_id: null,
  company_name: null,
  checksum: "ab".repeat(32),
  created_at: "2026-01-02 03:04:05",
};
const BACKUP: FileListItem = {
  ...FIRMWARE,
  id: 2,
  name: "site-a.tar.gz",
  type: "config",
  version: null,
  device_model: null,
  file_size: 2048,
};

function list(rows: unknown[]) {
  return success(rows, { meta: { total: rows.length } });
}

function pendingPage(request: FakeRequest, rows: PendingUpdate[]) {
  const offset = Number(request.query.get("offset"));
  const limit = Number(request.query.get("limit"));
  return success(rows.slice(offset, offset + limit), { meta: { total: rows.length } });
}

/** The console at `url`, for a user who may update devices, with files, tags and companies. */
function renderUpdates(url: string, pending: PendingUpdate[] = []) {
  const user = testUser({ permissions: ["view_devices", "update_devices", "view_files"] });
  const api = fakeApi()
    .on("GET", "/api/user", success(user, user))
    .on("GET", "/api/storage", list([]))
    .on("GET", "/api/files", (request) =>
      list([FIRMWARE, BACKUP].filter((f) => f.type === request.query.get("type"))),
    )
    .on("GET", "/api/tags", list([{ id: 4, name: "Stores" }]))
    .on("GET", "/api/companies", list([{ id: 6, name: "Acme Retail" }]))
    .on("GET", "/api/devices/updates/pending", (request) => pendingPage(request, pending))
    .on("GET", "/api/devices", success([], { meta: { total: 10000, total_capped: true } }))
    .on(
      "POST",
      "/api/devices/actions",
      success(undefined, { meta: { channel: "private-status.7.rollout" } }),
    );
  return { api, ...renderApp(url) };
}

async function choose(
  user: ReturnType<typeof renderUpdates>["user"],
  field: string,
  option: string,
) {
  await user.click(screen.getByRole("textbox", { name: field }));
  await user.click(await screen.findByRole("option", { name: option }));
}

describe("the Update firmware page", () => {
  it("updates the devices of the query's selection with the chosen file and the default plan", async () => {
    const { api, user } = renderUpdates("/management/update-firmware?selection=3,5");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Update firmware" }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByText("Devices selected on the device list: 2")).toBeVisible();
    expect(screen.queryByRole("radio", { name: "Every device with a tag" })).toBeNull();
    expect(screen.getByRole("checkbox", { name: "Keep the devices' settings" })).toBeChecked();

    await choose(user, "Firmware file", "RUTX_R_00.07.10.bin · 7.10 · RUTX11 · 12.00 MB");
    await user.click(screen.getByRole("button", { name: "Start the update" }));

    await waitFor(() => expect(api.calls("POST", "/api/devices/actions")).toHaveLength(1));
    expect(api.calls("GET", "/api/files")[0]?.query.get("type")).toBe("firmware");
    expect(api.calls("POST", "/api/devices/actions")[0]?.body).toEqual({
      action: "firmware_upload",
      device_id: [3, 5],
      file_id: 1,
      keep_settings: true,
      offline: true,
      canary_percent: 10,
      failure_threshold: 10,
      window: null,
    });
    const dialog = await screen.findByRole("dialog", { name: "Action status" });
    expect(await within(dialog).findByText("private-status.7.rollout")).toBeVisible();
  });

  it("rolls out to every device the device list's filters match, counted before it starts", async () => {
    const { api, user } = renderUpdates(
      "/management/upload-backup?selection=all&q=north&model=RUTX11&status=online",
    );
    expect(
      await screen.findByText(
        /^Every device matching the device list's filters: 10\s000\+$/,
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    const counted = api.calls("GET", "/api/devices")[0]?.query;
    expect(Object.fromEntries(counted ?? [])).toEqual({
      q: "north",
      model: "RUTX11",
      status: "online",
      limit: "0",
    });
    expect(screen.getByRole("link", { name: "Show them on the device list" })).toHaveAttribute(
      "href",
      "/management/devices?q=north&status=online&model=RUTX11",
    );
    expect(screen.queryByRole("radio", { name: "Every device with a tag" })).toBeNull();

    await choose(user, "Configuration backup", "site-a.tar.gz · 2.00 KB");
    await user.click(screen.getByRole("button", { name: "Start the upload" }));
    await waitFor(() => expect(api.calls("POST", "/api/devices/actions")).toHaveLength(1));
    expect(api.calls("POST", "/api/devices/actions")[0]?.body).toMatchObject({
      action: "config_upload",
      filter: { q: "north", model: "RUTX11", status: "online" },
      file_id: 2,
    });
    expect(api.calls("POST", "/api/devices/actions")[0]?.body).not.toHaveProperty("device_id");

    await screen.findByRole("dialog", { name: "Action status" });
    act(() => closeAllDialogs());
    await user.click(screen.getByRole("button", { name: "Clear selection" }));
    expect(screen.queryByText(/Every device matching/)).toBeNull();
    expect(screen.getByRole("radio", { name: "Every device with a tag" })).toBeChecked();
  });

  it("once the selection is cleared, rolls out to a tag's devices with a canary, threshold and window", async () => {
    const { api, user } = renderUpdates("/management/update-firmware?selection=3");
    await user.click(
      await screen.findByRole("button", { name: "Clear selection" }, { timeout: 5000 }),
    );
    expect(screen.queryByText(/Devices selected on the device list/)).toBeNull();
    expect(screen.getByRole("radio", { name: "Every device with a tag" })).toBeChecked();

    await choose(user, "Firmware file", "RUTX_R_00.07.10.bin · 7.10 · RUTX11 · 12.00 MB");
    await choose(user, "Tag", "Stores");
    await user.click(screen.getByRole("checkbox", { name: "Keep the devices' settings" }));
    const canary = screen.getByRole("textbox", { name: "Canary share" });
    await user.clear(canary);
    await user.type(canary, "0");
    const threshold = screen.getByRole("textbox", { name: "Pause when failures exceed" });
    await user.clear(threshold);
    await user.type(threshold, "25");
    await user.type(screen.getByRole("textbox", { name: "Maintenance window from" }), "2200");
    await user.type(screen.getByRole("textbox", { name: "Maintenance window to" }), "0430");
    await user.click(screen.getByRole("button", { name: "Start the update" }));

    await waitFor(() => expect(api.calls("POST", "/api/devices/actions")).toHaveLength(1));
    expect(api.calls("POST", "/api/devices/actions")[0]?.body).toEqual({
      action: "firmware_upload",
      filter: { tag_id: 4 },
      file_id: 1,
      keep_settings: false,
      offline: true,
      canary_percent: 0,
      failure_threshold: 25,
      window: { from: "22:00", to: "04:30" },
    });
  });

  it("says what is wrong with the window and the percentages, and sends nothing", async () => {
    const { api, user } = renderUpdates("/management/update-firmware");
    const canary = await screen.findByRole("textbox", { name: "Canary share" }, { timeout: 5000 });
    await user.clear(canary);
    await user.type(canary, "101");
    const threshold = screen.getByRole("textbox", { name: "Pause when failures exceed" });
    await user.clear(threshold);
    await user.type(threshold, "0");
    const from = screen.getByRole("textbox", { name: "Maintenance window from" });
    await user.type(from, "2200");
    await user.type(screen.getByRole("textbox", { name: "Maintenance window to" }), "25");
    await user.click(screen.getByRole("button", { name: "Start the update" }));

    expect(canary).toHaveAccessibleDescription(/Must be at most 100/);
    expect(threshold).toHaveAccessibleDescription(/Must be at least 1/);
    expect(
      screen.getByRole("textbox", { name: "Maintenance window to" }),
    ).toHaveAccessibleDescription(/Enter a time as HH:MM/);
    expect(screen.getByRole("textbox", { name: "Firmware file" })).toHaveAccessibleDescription(
      /This field is required/,
    );

    await user.clear(screen.getByRole("textbox", { name: "Maintenance window to" }));
    await user.click(screen.getByRole("button", { name: "Start the update" }));
    expect(from).toHaveAccessibleDescription(
      "Give both ends of the maintenance window, or neither.",
    );
    expect(api.calls("POST", "/api/devices/actions")).toHaveLength(0);
  });

  it("lists pending updates a page at a time and cancels one after asking", async () => {
    const pending: PendingUpdate[] = Array.from({ length: 12 }, (_, i) => ({
      id: 100 + i,
      job_type: i === 0 ? 101 : 100,
      name: i === 0 ? "site-a.tar.gz" : "RUTX_R_00.07.10.bin",
      serial: `11000000${String(i).padStart(2, "0")}`,
      device_id: 20 + i,
    }));
    const { api, user } = renderUpdates("/management/update-firmware", pending);
    api.on(
      "POST",
      "/api/devices/updates/cancel",
      success(undefined, { message: "1 update cancelled" }),
    );

    const table = await screen.findByRole("table", { name: "Pending updates" }, { timeout: 5000 });
    const first = (await within(table).findByText("1100000000")).closest("tr")!;
    expect(within(first).getByRole("link", { name: "1100000000" })).toHaveAttribute(
      "href",
      "/devices/20",
    );
    expect(within(first).getByText("site-a.tar.gz")).toBeVisible();
    expect(within(first).getByText("Configuration backup")).toBeVisible();
    expect(within(table).getByText("1100000001").closest("tr")).toHaveTextContent("Firmware");

    await user.click(
      within(first).getByRole("button", { name: "Cancel the update of 1100000000" }),
    );
    const prompt = await screen.findByRole("dialog", { name: "Cancel this update?" });
    await user.click(within(prompt).getByRole("button", { name: "Cancel update" }));
    await waitFor(() => expect(api.calls("POST", "/api/devices/updates/cancel")).toHaveLength(1));
    expect(api.calls("POST", "/api/devices/updates/cancel")[0]?.body).toEqual({
      data: [{ id: 20, job_id: [100] }],
    });
    expect(await screen.findByText("1 update cancelled")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Page 2" }));
    expect(await within(table).findByText("1100000011")).toBeVisible();
    expect(api.calls("GET", "/api/devices/updates/pending").at(-1)?.query.get("offset")).toBe("10");
  });
});

describe("the Upload backup page", () => {
  it("rolls a backup out to a company's devices, without keep settings, and shows the server's refusal", async () => {
    const { api, user } = renderUpdates("/management/upload-backup");
    api.on(
      "POST",
      "/api/devices/actions",
      failure(422, "VALIDATION_FAILED", "No device matches the filter.", "filter"),
    );
    expect(
      await screen.findByRole("heading", { level: 1, name: "Upload backup" }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.queryByRole("checkbox", { name: "Keep the devices' settings" })).toBeNull();

    await choose(user, "Configuration backup", "site-a.tar.gz · 2.00 KB");
    await user.click(screen.getByRole("radio", { name: "Every device of a company" }));
    await choose(user, "Company", "Acme Retail");
    await user.click(screen.getByRole("button", { name: "Start the upload" }));

    // An error about `filter`, which no field shows, is listed above the fields.
    const refusal = await screen.findByText("No device matches the filter.");
    expect(refusal.closest("[role=alert]")).toHaveTextContent("The form could not be saved");
    expect(api.calls("GET", "/api/files")[0]?.query.get("type")).toBe("config");
    expect(api.calls("POST", "/api/devices/actions")[0]?.body).toEqual({
      action: "config_upload",
      filter: { company_id: 6 },
      file_id: 2,
      offline: true,
      canary_percent: 10,
      failure_threshold: 10,
      window: null,
    });
  });
});
