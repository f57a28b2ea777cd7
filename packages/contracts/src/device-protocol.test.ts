import { describe, expect, it } from "vitest";
import {
  DOWN_KINDS,
  UP_KINDS,
  downFilter,
  downTopic,
  enrolRequestSchema,
  parseTopic,
  statusMessageSchema,
  telemetryMessageSchema,
  upTopic,
} from "./device-protocol";

describe("device topics", () => {
  it("reads back the device, direction and kind of every topic it names", () => {
    for (const kind of UP_KINDS) {
      expect(parseTopic(upTopic(42, kind))).toEqual({ deviceId: 42, direction: "up", kind });
    }
    for (const kind of DOWN_KINDS) {
      expect(parseTopic(downTopic(7, kind))).toEqual({ deviceId: 7, direction: "down", kind });
    }
    expect(downFilter(7)).toBe("nf/7/down/+");
  });

  it("refuses topics outside the protocol, however close", () => {
    for (const topic of [
      "nf/42/up/unknown",
      "nf/42/down/status",
      "nf/042/up/status",
      "nf/0/up/status",
      "nf/+/up/status",
      "nf/42/up/status/extra",
      "xx/42/up/status",
      "nf/99999999999/up/status",
      "nf/2147483648/up/status",
      "",
    ]) {
      expect(parseTopic(topic), topic).toBeNull();
    }
  });
});

describe("enrolment request", () => {
  const valid = {
    token: "t0ken",
    serial: "1100123456",
    mac: "00-1e-42-ab-cd-ef",
    model: "RUTX11",
  };

  it("normalises the MAC address to upper case with colons", () => {
    expect(enrolRequestSchema.parse(valid).mac).toBe("00:1E:42:AB:CD:EF");
    expect(enrolRequestSchema.parse({ ...valid, mac: "001e42abcdef" }).mac).toBe(
      "00:1E:42:AB:CD:EF",
    );
  });

  it("refuses a malformed serial or MAC, unknown fields and unstorable text", () => {
    for (const bad of [
      { ...valid, mac: "00:1E:42:AB:CD" },
      { ...valid, serial: "1 2" },
      { ...valid, model: "" },
      { ...valid, model: "RUT\u0000X" },
      { ...valid, firmware: "\ud800" },
      { ...valid, extra: true },
    ]) {
      expect(enrolRequestSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

it("a status message names the protocol version it speaks", () => {
  expect(statusMessageSchema.safeParse({ v: 1, online: true }).success).toBe(true);
  expect(statusMessageSchema.safeParse({ v: 2, online: true }).success).toBe(false);
});

it("a telemetry message may carry an altitude in metres within what the Earth's surface reaches", () => {
  const reading = (altitude: unknown) => ({
    v: 1,
    at: 1,
    latitude: 54.7,
    longitude: 25.3,
    altitude,
  });
  for (const altitude of [-430, 0, 131.5, 8848])
    expect(telemetryMessageSchema.parse(reading(altitude)).altitude).toBe(altitude);
  for (const altitude of [-501, 10_001, "120", null])
    expect(telemetryMessageSchema.safeParse(reading(altitude)).success, String(altitude)).toBe(
      false,
    );
});
