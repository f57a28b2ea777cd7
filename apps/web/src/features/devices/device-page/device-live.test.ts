import { describe, expect, it } from "vitest";
import type { DeviceDetail } from "@netfleet/contracts/schemas/device-page";
import { statusChangeFor } from "./device-live";

const device = {
  id: 42,
  status: 1,
  last_connection_at: "2026-03-01T10:00:00.000Z",
} as DeviceDetail;

describe("live device status", () => {
  it("takes this device's new status and last contact from a push", () => {
    expect(
      statusChangeFor(device, {
        devices: [
          { id: 41, status: 1, last_seen_at: "2026-03-02 08:00:00" },
          { id: 42, status: 0, last_seen_at: "2026-03-02 08:05:00" },
        ],
        overflow: false,
      }),
    ).toMatchObject({ id: 42, status: 0, last_connection_at: "2026-03-02T08:05:00.000Z" });
  });

  it("ignores a push about other devices and reloads after an overflow", () => {
    expect(
      statusChangeFor(device, {
        devices: [{ id: 41, status: 0, last_seen_at: null }],
        overflow: false,
      }),
    ).toBeNull();
    expect(statusChangeFor(device, { devices: [], overflow: true })).toBe("reload");
  });
});
