import { describe, expect, it } from "vitest";
import { deviceAddBodySchema, parseDeviceLines, splitCsvLine } from "./device-add";

describe("parseDeviceLines", () => {
  it("reads serial, MAC and name per line, skipping blank lines", () => {
    expect(
      parseDeviceLines(" 1100000001, 00:1E:42:00:00:01 ,Depot\n\n  \r\n1100000002,001E42000002\n"),
    ).toEqual([
      { serial: "1100000001", mac: "00:1E:42:00:00:01", name: "Depot" },
      { serial: "1100000002", mac: "001E42000002", name: "" },
    ]);
  });

  it("takes a first line naming the columns as a header, in any order and with extra columns", () => {
    const csv = "\uFEFFName;Model;Serial;MAC\r\nDepot;RUTX11;1100000001;00:1E:42:00:00:01\r\n";
    expect(parseDeviceLines(csv)).toEqual([
      { serial: "1100000001", mac: "00:1E:42:00:00:01", name: "Depot" },
    ]);
  });

  it("reads quoted fields, with commas and doubled quotes inside", () => {
    expect(splitCsvLine('1100000001,"00:1E:42:00:00:01","Depot, ""north"" gate"')).toEqual([
      "1100000001",
      "00:1E:42:00:00:01",
      'Depot, "north" gate',
    ]);
  });
});

describe("deviceAddBodySchema", () => {
  it("normalises MACs before finding one listed twice", () => {
    const result = deviceAddBodySchema.safeParse({
      data: [
        { company_id: 1, serial: "1100000001", mac: "00:1e:42:00:00:01" },
        { company_id: 1, serial: "1100000002", mac: "00-1E-42-00-00-01" },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["data.1.mac", "MAC address 00:1E:42:00:00:01 is also in row 1"],
    ]);
  });
});
