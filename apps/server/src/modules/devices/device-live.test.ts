import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DevicesStatusUpdate } from "@netfleet/contracts/schemas/device-activity";
import type { Realtime } from "../../plugins/realtime";
import { deviceLive } from "./device-live";

/** The live status coalescing on its own, with the clock in the test's hand. */

let pushed: { channel: string; event: string; data: DevicesStatusUpdate }[];
const realtime: Realtime = {
  publish: (channel, event, data) =>
    pushed.push({ channel, event, data: data as DevicesStatusUpdate }),
  authorizeChannel: () => undefined,
  replayChannel: () => undefined,
};

beforeEach(() => {
  pushed = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const change = (id: number, status: number, path = "1/5/12/") => ({
  id,
  status,
  lastSeenAt: new Date(Date.UTC(2026, 2, 1, 12, 0, id)),
  companyPath: path,
});

describe("live device status", () => {
  it("pushes each channel at most twice a second, each push carrying every device's latest status", () => {
    const live = deviceLive(realtime, { everyMs: 500, maxDevices: 1_000 });
    // Three devices flapping every 10 ms for 3 seconds: 900 changes.
    for (let tick = 0; tick < 300; tick++) {
      live.changed([1, 2, 3].map((id) => change(id, (tick + id) % 2)));
      vi.advanceTimersByTime(10);
    }
    live.close();

    const home = pushed.filter((p) => p.channel === "private-devices.12");
    expect(home.length).toBeLessThanOrEqual(7);
    for (const push of home) {
      expect(push.event).toBe("DevicesStatusUpdated");
      expect(push.data.overflow).toBe(false);
      expect(push.data.devices.map((d) => d.id).sort()).toEqual([1, 2, 3]);
    }
    // The last push holds the state the devices ended in.
    expect(home.at(-1)!.data.devices).toEqual(
      expect.arrayContaining([
        { id: 1, status: (299 + 1) % 2, last_seen_at: "2026-03-01 12:00:01" },
        { id: 2, status: (299 + 2) % 2, last_seen_at: "2026-03-01 12:00:02" },
      ]),
    );
  });

  it("pushes a device's change on its company's channel, every ancestor's and every company's, and nothing when nothing changed", () => {
    const live = deviceLive(realtime, { everyMs: 500, maxDevices: 1_000 });
    vi.advanceTimersByTime(2_000);
    expect(pushed).toEqual([]);
    live.changed([change(7, 0, "1/5/12/"), change(8, 1, "1/6/")]);
    vi.advanceTimersByTime(500);
    expect(pushed.map((p) => [p.channel, p.data.devices.map((d) => d.id)])).toEqual([
      ["private-devices.1", [7, 8]],
      ["private-devices.5", [7]],
      ["private-devices.12", [7]],
      ["private-devices.all", [7, 8]],
      ["private-devices.6", [8]],
    ]);
    live.close();
  });

  it("says overflow instead of listing more devices than one push may carry", () => {
    const live = deviceLive(realtime, { everyMs: 500, maxDevices: 5 });
    live.changed(Array.from({ length: 8 }, (_, i) => change(i + 1, 0, "3/")));
    vi.advanceTimersByTime(500);
    expect(pushed).toEqual(
      ["private-devices.3", "private-devices.all"].map((channel) => ({
        channel,
        event: "DevicesStatusUpdated",
        data: { devices: [], overflow: true },
      })),
    );
    live.close();
  });

  it("pushes the changes of every top-level company together on the every-company channel, at most twice a second", () => {
    const live = deviceLive(realtime, { everyMs: 500, maxDevices: 1_000 });
    // Devices of two unrelated companies flapping every 10 ms for 3 seconds.
    for (let tick = 0; tick < 300; tick++) {
      live.changed([change(1, tick % 2, "3/"), change(2, (tick + 1) % 2, "4/9/")]);
      vi.advanceTimersByTime(10);
    }
    live.close();

    const all = pushed.filter((p) => p.channel === "private-devices.all");
    expect(all.length).toBeGreaterThan(0);
    expect(all.length).toBeLessThanOrEqual(7);
    for (const push of all) expect(push.data.devices.map((d) => d.id).sort()).toEqual([1, 2]);
    expect(all.at(-1)!.data.devices).toEqual([
      { id: 1, status: 299 % 2, last_seen_at: "2026-03-01 12:00:01" },
      { id: 2, status: 300 % 2, last_seen_at: "2026-03-01 12:00:02" },
    ]);
  });
});
