import { describe, expect, it } from "vitest";
import { deviceListItemSchema } from "../schemas/devices";

describe("the device entity", () => {
  it("FM-ENTITY-001 has original_model, firmware, an eSIM flag, id, serial, name, description, MAC, model, company name, tags and created at", () => {
    const keys = Object.keys(deviceListItemSchema.shape);
    expect(keys).toEqual(
      expect.arrayContaining([
        "original_model",
        "firmware",
        "has_esim",
        "id",
        "serial",
        "name",
        "description",
        "mac",
        "model",
        "company_name",
        "tags",
        "created_at",
      ]),
    );
    expect(deviceListItemSchema.shape.has_esim.safeParse(true).success).toBe(true);
    expect(
      deviceListItemSchema.shape.tags.safeParse([{ id: 1, name: "Core", color: "#4287f5" }])
        .success,
    ).toBe(true);
  });

  it("FM-ENTITY-002 FM-ENTITY-003 carries every derived and alert-related flag", () => {
    const keys = Object.keys(deviceListItemSchema.shape);
    expect(keys).toEqual(
      expect.arrayContaining([
        "has_wifi",
        "has_gps",
        "has_rutos",
        "has_mobile",
        "has_lan",
        "has_hotspot",
        "has_io",
        "has_ddns",
        "has_data_usage",
        "has_l2tp",
        "has_second_modem",
        "has_network_map",
        "has_esim",
        "port_count",
        "sim_count",
        "device_series",
        "fw_version",
        "has_webfilter",
        "has_vpn",
        "has_legacy_alerts",
        "has_legacy_vpn",
      ]),
    );
  });
});
