import { describe, expect, it } from "vitest";
import type { FleetDevice } from "./device";
import type { FleetStats } from "./fleet";
import { hostLine, progressLine } from "./progress";

const stats: FleetStats = {
  devices: 10_000,
  enrolled: 9_500,
  enrolledNow: 500,
  online: 9_480,
  connecting: 20,
  refused: 0,
  published: 0,
  skipped: 0,
  tasks: 0,
  lastProblem: undefined,
};

describe("the progress line", () => {
  it("sums the fleet up in one line, naming only the problems there are", () => {
    expect(progressLine(stats, 999.6)).toBe(
      "9,480/10,000 online, enrolled 9,500 (500 now), 1,000 msg/s, 20 connecting",
    );
    expect(progressLine({ ...stats, connecting: 0, refused: 2, tasks: 3, skipped: 40 }, 0)).toBe(
      "9,480/10,000 online, enrolled 9,500 (500 now), 0 msg/s, 2 refused, 3 tasks, 40 heartbeats skipped",
    );
  });

  it("tells where the host stands", () => {
    const device = {
      identity: { serial: "ABC", mac: "00:1E:42:00:00:01", model: "Linux host" },
      enrolled: null,
      phase: "enrol",
    } as unknown as FleetDevice<unknown>;
    expect(hostLine(device, stats)).toBe("enrolling ABC (00:1E:42:00:00:01)");
    const online = {
      ...device,
      phase: "online",
      enrolled: { device_id: 4, mqtt_url: "mqtt://h:1883" },
    } as FleetDevice<unknown>;
    expect(hostLine(online, stats)).toBe("online as device 4 at mqtt://h:1883");
    expect(hostLine({ ...online, phase: "down" }, { ...stats, lastProblem: "ECONNREFUSED" })).toBe(
      "not connected, trying again: ECONNREFUSED",
    );
  });
});
