import { describe, expect, it } from "vitest";
import { UPLOAD_CODES } from "./device-updates";
import { FILE_TYPES, fileListItemSchema } from "./files";

describe("files", () => {
  it("FM-ENTITY-042 knows the five file types", () => {
    expect([...FILE_TYPES]).toEqual([
      "firmware",
      "config",
      "eventslog",
      "troubleshoot",
      "device_task_manager_file",
    ]);
  });

  it("FM-ENTITY-043 codes uploads 100 for firmware and 101 for a backup", () => {
    expect(UPLOAD_CODES).toEqual({ firmware_upload: 100, config_upload: 101 });
  });

  it("FM-ENTITY-044 lists a file with its name, id, device model and type", () => {
    const item = {
      id: 4,
      name: "RUTX_R_00.07.10.bin",
      type: "firmware",
      description: null,
      version: "7.10",
      file_size: 1024,
      device_model: "RUTX11",
      company_id: 1,
      company_name: "Acme",
      checksum: "ab".repeat(32),
      created_at: "2026-01-02 03:04:05",
    };
    expect(fileListItemSchema.parse(item)).toMatchObject({
      id: 4,
      name: "RUTX_R_00.07.10.bin",
      device_model: "RUTX11",
      type: "firmware",
    });
    for (const key of ["id", "name", "device_model", "type"] as const) {
      const { [key]: _left, ...without } = item;
      expect(fileListItemSchema.safeParse(without).success, key).toBe(false);
    }
  });
});
