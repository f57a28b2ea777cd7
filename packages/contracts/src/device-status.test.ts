import { describe, expect, it } from "vitest";
import { connectionStatusLabel } from "./device-status";

describe("connectionStatusLabel", () => {
  it("FM-ENTITY-012 names 0 Offline, 1 Online, 2 Pending and anything else Not Activated", () => {
    expect([0, 1, 2, 3, -1, 99].map(connectionStatusLabel)).toEqual([
      "Offline",
      "Online",
      "Pending",
      "Not Activated",
      "Not Activated",
      "Not Activated",
    ]);
  });
});
