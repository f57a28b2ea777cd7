import { describe, expect, it } from "vitest";
import {
  enrolRequestSchema,
  statusMessageSchema,
  type TelemetryMessage,
  telemetryMessageSchema,
} from "@netfleet/contracts/device-protocol";
import { deviceSeriesOf } from "@netfleet/contracts/devices/flags";
import { modelCatalogue } from "./models";
import {
  initialUptimeSeconds,
  outageSeconds,
  rejectsUpdates,
  secondsToOutage,
  simulatedIdentity,
  simulatedStatus,
  simulatedTelemetry,
  simulatedTraits,
} from "./simulation";

const catalogue = modelCatalogue();
const SEED = 42;
const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);
const BOOT = T0 - 3 * 86_400_000;

function device(model: string, serial = "1100012345", mac = "00:1E:42:00:10:20") {
  const identity = { serial, mac, model };
  return { identity, traits: simulatedTraits(SEED, identity, catalogue) };
}

const minutes = (n: number) => n * 60_000;

describe("simulated identities", () => {
  it("are the same for the same seed and slot, and others for another seed", () => {
    expect(simulatedIdentity(SEED, 5, catalogue)).toEqual(simulatedIdentity(SEED, 5, catalogue));
    expect(simulatedIdentity(SEED + 1, 5, catalogue).serial).not.toBe(
      simulatedIdentity(SEED, 5, catalogue).serial,
    );
  });

  it("give ten thousand devices distinct, valid, digit-only serials and MACs", () => {
    const serials = new Set<string>();
    const macs = new Set<string>();
    for (let slot = 0; slot < 10_000; slot++) {
      const identity = simulatedIdentity(SEED, slot, catalogue);
      serials.add(identity.serial);
      macs.add(identity.mac);
      expect(identity.serial).toMatch(/^1[0-9]{9}$/);
      if (slot % 500 === 0) {
        expect(enrolRequestSchema.parse({ token: "t", ...identity }).mac).toBe(identity.mac);
      }
    }
    expect(serials.size).toBe(10_000);
    expect(macs.size).toBe(10_000);
  });

  it("draw their models from the fixtures and name firmware after the series", () => {
    const models = new Set<string>();
    for (let slot = 0; slot < 2_000; slot++) {
      const identity = simulatedIdentity(SEED, slot, catalogue);
      const { firmware, profile } = simulatedTraits(SEED, identity, catalogue);
      models.add(profile.family);
      expect(profile.model).toBe(identity.model);
      expect(firmware.startsWith(`${deviceSeriesOf(identity.model)}_R_00.`)).toBe(true);
    }
    expect(models.size).toBe(new Set(catalogue.all.map((profile) => profile.family)).size);
  });
});

describe("simulated telemetry", () => {
  it("is the same whenever it is asked for the same moment", () => {
    const { traits } = device("RUTX11");
    expect(simulatedTelemetry(SEED, traits, T0, BOOT)).toEqual(
      simulatedTelemetry(SEED, traits, T0, BOOT),
    );
  });

  it("validates against the protocol and stays in believable ranges for every model", () => {
    for (const profile of catalogue.all) {
      const { traits } = device(profile.model);
      for (let step = 0; step < 48; step++) {
        const message = simulatedTelemetry(SEED, traits, T0 + minutes(30 * step), BOOT);
        expect(telemetryMessageSchema.parse(message)).toEqual(message);
        expect(message.temperature).toBeGreaterThanOrEqual(25);
        expect(message.temperature).toBeLessThanOrEqual(55);
        expect(message.cpu_load).toBeGreaterThanOrEqual(0);
        expect(message.cpu_load).toBeLessThanOrEqual(60);
        expect(message.memory_free).toBeGreaterThan(0);
        expect(message.memory_free).toBeLessThan(profile.hardware.memory_total);
        if (profile.mobile) {
          expect(message.signal).toBeGreaterThanOrEqual(-111);
          expect(message.signal).toBeLessThanOrEqual(-59);
          expect(message.operator).toBeTruthy();
          expect(["3G", "4G", "5G"]).toContain(message.connection_type);
        } else {
          expect(message.signal).toBeUndefined();
          expect(message.connection_type).toBe("WAN");
        }
        expect(message.digital_input !== undefined).toBe(profile.io);
      }
    }
  });

  it("drifts slowly: a minute apart, signal and temperature barely move", () => {
    const { traits } = device("RUT955");
    for (let step = 0; step < 200; step++) {
      const at = T0 + minutes(7 * step);
      const now = simulatedTelemetry(SEED, traits, at, BOOT);
      const next = simulatedTelemetry(SEED, traits, at + minutes(1), BOOT);
      expect(Math.abs(next.signal! - now.signal!)).toBeLessThanOrEqual(3);
      expect(Math.abs(next.temperature! - now.temperature!)).toBeLessThanOrEqual(0.5);
    }
  });

  it("counts data usage up from zero at boot, never backwards", () => {
    const { traits } = device("RUTX11");
    const boot = T0;
    let last = simulatedTelemetry(SEED, traits, boot, boot);
    expect(last).toMatchObject({ uptime: 0, rx_bytes: 0, tx_bytes: 0 });
    for (let s = 10; s < 3 * 3_600; s += 10) {
      const now = simulatedTelemetry(SEED, traits, boot + s * 1000, boot);
      expect(now.rx_bytes!).toBeGreaterThan(last.rx_bytes!);
      expect(now.tx_bytes!).toBeGreaterThanOrEqual(last.tx_bytes!);
      expect(now.uptime).toBe(s);
      last = now;
    }
  });

  /** Six hours of readings of the first device of `model` that moves (or stays) as wanted. */
  const track = (model: string, wanted: boolean) => {
    for (let n = 0; n < 200; n++) {
      const { traits } = device(model, String(1_100_000_000 + n));
      if (traits.moving !== wanted) continue;
      return Array.from({ length: 24 }, (_, step) =>
        simulatedTelemetry(SEED, traits, T0 + minutes(15 * step), BOOT),
      );
    }
    throw new Error(`no ${model} with moving=${wanted}`);
  };

  it("moves vehicle-mounted GNSS devices around home and keeps others in place", () => {
    const moving = track("RUTX11", true);
    const spread = (key: "latitude" | "longitude") =>
      Math.max(...moving.map((m) => m[key]!)) - Math.min(...moving.map((m) => m[key]!));
    expect(spread("latitude")).toBeGreaterThan(0.005);
    expect(spread("latitude")).toBeLessThan(0.1);
    expect(spread("longitude")).toBeLessThan(0.16);
    expect(new Set(track("RUTX11", false).map((m) => `${m.latitude},${m.longitude}`)).size).toBe(1);
    expect(new Set(track("TSW100", false).map((m) => `${m.latitude},${m.longitude}`)).size).toBe(1);
  });

  it("reports a believable altitude from GNSS models only, steady at rest and drifting on the move", () => {
    const altitudes = (readings: TelemetryMessage[]) => readings.map((m) => m.altitude!);
    const still = altitudes(track("RUTX11", false));
    expect(new Set(still).size).toBe(1);
    const moving = altitudes(track("RUT955", true));
    expect(new Set(moving).size).toBeGreaterThan(1);
    expect(Math.max(...moving) - Math.min(...moving)).toBeLessThanOrEqual(30);
    for (const height of [...still, ...moving]) {
      expect(height).toBeGreaterThanOrEqual(0);
      expect(height).toBeLessThanOrEqual(400);
    }
    for (let n = 0; n < 200; n++) {
      const { traits } = device("RUTX11", String(1_100_000_000 + n));
      expect(simulatedTelemetry(SEED, traits, T0, BOOT).altitude).toBeDefined();
    }
    expect(track("TSW100", false).every((m) => m.altitude === undefined)).toBe(true);
    expect(track("RUT950", false).every((m) => m.altitude === undefined)).toBe(true);
  });
});

describe("simulated status", () => {
  it("describes the hardware of the model in a message the protocol accepts", () => {
    const rutx = device("RUTX11");
    const status = simulatedStatus(rutx.identity, rutx.traits, 120);
    expect(statusMessageSchema.parse(status)).toEqual(status);
    expect(status).toMatchObject({
      online: true,
      model: "RUTX11",
      firmware: rutx.traits.firmware,
      uptime: 120,
      facts: { cpu_count: 4, memory_total: 256 * 1024 * 1024 },
    });
    expect(status.facts!.interfaces!.map((i) => i.name)).toEqual(["br-lan", "mob1s1a1", "wlan0"]);

    expect(status.timezone).toBe(rutx.traits.timezone);

    const trb = device("TRB141");
    const serialGateway = simulatedStatus(trb.identity, trb.traits, 5);
    expect(serialGateway.facts!.interfaces!.map((i) => i.name)).toEqual(["mob1s1a1"]);
  });
});

describe("the simulated life of a device", () => {
  it("has been running between ten minutes and forty days when the simulator starts", () => {
    for (let key = 0; key < 500; key++) {
      const uptime = initialUptimeSeconds(SEED, key);
      expect(uptime).toBeGreaterThanOrEqual(600);
      expect(uptime).toBeLessThanOrEqual(40 * 86_400);
    }
  });

  it("loses its connection about as often as asked, for up to five minutes", () => {
    const gaps = Array.from({ length: 2_000 }, (_, n) => secondsToOutage(SEED, 7, n, 2));
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    expect(mean).toBeGreaterThan(0.85 * 43_200);
    expect(mean).toBeLessThan(1.15 * 43_200);
    expect(secondsToOutage(SEED, 7, 0, 0)).toBe(Infinity);
    for (let n = 0; n < 100; n++) {
      expect(outageSeconds(SEED, 7, n)).toBeGreaterThanOrEqual(20);
      expect(outageSeconds(SEED, 7, n)).toBeLessThanOrEqual(300);
    }
  });
});

describe("a simulated device's time zone", () => {
  it("is a real IANA zone of the region the device stands in", () => {
    const zones = new Set<string>();
    for (let n = 0; n < 500; n++) {
      const { traits } = device("RUTX11", String(1_100_000_000 + n));
      const { longitude } = simulatedTelemetry(SEED, traits, T0, BOOT);
      zones.add(traits.timezone);
      // Throws for a name the time zone database does not know.
      expect(new Intl.DateTimeFormat("en", { timeZone: traits.timezone }).format(T0)).toBeTruthy();
      expect(traits.timezone === "Asia/Tokyo").toBe(longitude! > 100);
      expect(traits.timezone === "Europe/London").toBe(longitude! < 2);
    }
    expect(zones.size).toBe(8);
  });
});

describe("injected update failures", () => {
  const keys = Array.from({ length: 10_000 }, (_, n) => n * 7_919);
  const failing = (percent: number, seed = SEED) =>
    keys.filter((key) => rejectsUpdates(seed, key, percent));

  it("hit about the share of devices asked for", () => {
    expect(failing(0)).toEqual([]);
    expect(failing(100)).toHaveLength(keys.length);
    for (const percent of [5, 30]) {
      expect(failing(percent).length / keys.length).toBeGreaterThan((percent * 0.85) / 100);
      expect(failing(percent).length / keys.length).toBeLessThan((percent * 1.15) / 100);
    }
  });

  it("hit the same devices on every run, a larger share including the smaller one", () => {
    expect(failing(20)).toEqual(failing(20));
    expect(failing(20)).not.toEqual(failing(20, SEED + 1));
    const larger = new Set(failing(40));
    expect(failing(20).filter((key) => !larger.has(key))).toEqual([]);
  });
});
