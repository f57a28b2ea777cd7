import {
  DEVICE_PROTOCOL_VERSION,
  type DeviceFacts,
  type StatusMessage,
  type TelemetryMessage,
} from "@netfleet/contracts/device-protocol";
import type { DeviceIdentity } from "./state-file";
import { type ModelCatalogue, type ModelProfile, firmwareOf } from "./models";
import { between, choose, drift, textKey, unit } from "./random";

/**
 * A simulated device's identity and readings. Everything is computed from the fleet's
 * seed, the device's serial number and the time: a device holds no generator state, and
 * its values drift slowly and stay the same whenever they are asked for again.
 */

/** Channels keep the draws of different quantities independent. */
const CH = {
  model: 1,
  family: 2,
  firmware: 3,
  region: 4,
  offset: 5,
  signal: 6,
  temperature: 7,
  rate: 8,
  cpu: 9,
  memory: 10,
  input: 11,
  relay: 12,
  operator: 13,
  address: 14,
  lat: 15,
  lon: 16,
  boot: 17,
  outage: 18,
  outageLength: 19,
  moving: 20,
  altitude: 21,
  rejects: 22,
} as const;

/** The time zone (IANA) and mobile operators of each country simulated fleets stand in. */
const COUNTRIES = {
  LT: { tz: "Europe/Vilnius", operators: ["Telia LT", "BITE LT", "Tele2 LT"] },
  LV: { tz: "Europe/Riga", operators: ["LMT", "Tele2 LV", "BITE LV"] },
  NO: { tz: "Europe/Oslo", operators: ["Telenor", "Telia N", "Ice"] },
  JP: { tz: "Asia/Tokyo", operators: ["NTT DOCOMO", "au", "SoftBank"] },
  UA: { tz: "Europe/Kyiv", operators: ["Kyivstar", "Vodafone UA", "lifecell"] },
  PL: { tz: "Europe/Warsaw", operators: ["Orange PL", "Play", "Plus"] },
  DE: { tz: "Europe/Berlin", operators: ["Telekom.de", "Vodafone.de", "o2 - de"] },
  GB: { tz: "Europe/London", operators: ["EE", "Vodafone UK", "O2 - UK"] },
} as const;

/** Where simulated fleets stand (`alt`: the ground in metres). */
const REGIONS = [
  { lat: 54.687, lon: 25.279, alt: 112, ...COUNTRIES.LT },
  { lat: 54.898, lon: 23.903, alt: 48, ...COUNTRIES.LT },
  { lat: 56.949, lon: 24.105, alt: 7, ...COUNTRIES.LV },
  { lat: 59.913, lon: 10.752, alt: 23, ...COUNTRIES.NO },
  { lat: 60.391, lon: 5.322, alt: 12, ...COUNTRIES.NO },
  { lat: 35.676, lon: 139.65, alt: 40, ...COUNTRIES.JP },
  { lat: 34.693, lon: 135.502, alt: 12, ...COUNTRIES.JP },
  { lat: 50.45, lon: 30.523, alt: 179, ...COUNTRIES.UA },
  { lat: 49.839, lon: 24.029, alt: 296, ...COUNTRIES.UA },
  { lat: 52.229, lon: 21.012, alt: 100, ...COUNTRIES.PL },
  { lat: 52.52, lon: 13.405, alt: 34, ...COUNTRIES.DE },
  { lat: 51.507, lon: -0.128, alt: 11, ...COUNTRIES.GB },
] as const;

/** Primes that share no factor with the serial range, so each gives a one-to-one mapping. */
const SERIAL_STEPS = [7_919, 104_729, 1_299_709, 15_485_863] as const;
const SERIAL_BASE = 1_100_000_000;
const SERIAL_RANGE = 900_000_000;
const MAC_RANGE = 0x1_000_000;
/** Teltonika's vendor prefix, as real devices of these families carry. */
const OUI = "00:1E:42";

const hex = (n: number) => n.toString(16).padStart(2, "0").toUpperCase();

function macFromNumber(n: number): string {
  const low = ((n % MAC_RANGE) + MAC_RANGE) % MAC_RANGE;
  return `${OUI}:${hex(low >> 16)}:${hex((low >> 8) & 255)}:${hex(low & 255)}`;
}

function macNumber(mac: string): number {
  return parseInt(mac.replace(/[:-]/g, "").slice(6), 16);
}

/**
 * The identity of device number `slot` of a seed: serial numbers and MACs are a
 * permutation of the slot, so no two slots of one seed collide.
 */
export function simulatedIdentity(
  seed: number,
  slot: number,
  catalogue: ModelCatalogue,
): DeviceIdentity {
  const step = SERIAL_STEPS[seed % SERIAL_STEPS.length]!;
  const serial = SERIAL_BASE + ((step * slot + between(0, SERIAL_RANGE - 1, seed)) % SERIAL_RANGE);
  const macStep = 2 * between(1, 0x3fffff, seed, 1) + 1;
  const mac = (macStep * slot + between(0, MAC_RANGE - 1, seed, 2)) % MAC_RANGE;
  const profile = catalogue.pick(unit(seed, slot, CH.family), unit(seed, slot, CH.model));
  return { serial: String(serial), mac: macFromNumber(mac), model: profile.model };
}

/** What a simulated device is, besides its identity: its model's profile and firmware. */
export interface SimulatedTraits {
  key: number;
  profile: ModelProfile;
  firmware: string;
  /** GNSS models on a vehicle move around their home point; the rest stay put. */
  moving: boolean;
  /** The time zone (IANA) of its region. */
  timezone: string;
}

export function simulatedTraits(
  seed: number,
  identity: DeviceIdentity,
  catalogue: ModelCatalogue,
): SimulatedTraits {
  const key = textKey(identity.serial);
  // An identity given by hand may name a model outside the fixtures: simulate a RUTX11.
  const profile = catalogue.find(identity.model) ?? catalogue.find("RUTX11") ?? catalogue.all[0]!;
  const version = choose(profile.firmwareVersions, seed, key, CH.firmware);
  const moving = profile.gps && unit(seed, key, CH.moving) < 0.6;
  const timezone = region(seed, key).tz;
  return { key, profile, firmware: firmwareOf(profile, version), moving, timezone };
}

/**
 * Whether a device refuses the files it is sent (an injected failure, `percent` of a fleet):
 * the same devices of a seed on every run.
 */
export function rejectsUpdates(seed: number, key: number, percent: number): boolean {
  return unit(seed, key, CH.rejects) * 100 < percent;
}

/** How long a simulated device has been running when the simulator starts it. */
export function initialUptimeSeconds(seed: number, key: number): number {
  return between(600, 40 * 86_400, seed, key, CH.boot);
}

/**
 * Seconds from `fromMs` to the device's next outage, the `count`-th: exponentially
 * distributed with `perDay` outages a day on average; Infinity without outages.
 */
export function secondsToOutage(seed: number, key: number, count: number, perDay: number) {
  if (perDay <= 0) return Infinity;
  const u = unit(seed, key, CH.outage, count);
  return Math.max(5, (-Math.log(1 - u) * 86_400) / perDay);
}

/** How long outage `count` lasts: 20 seconds to 5 minutes. */
export function outageSeconds(seed: number, key: number, count: number): number {
  return between(20, 300, seed, key, CH.outageLength, count);
}

function region(seed: number, key: number) {
  return choose(REGIONS, seed, key, CH.region);
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The home point: a region's centre and a fixed offset of up to ~15 km, standing up to 40 m
 * above the region's ground (a rooftop, a hill).
 */
function home(seed: number, key: number) {
  const at = region(seed, key);
  return {
    lat: at.lat + (unit(seed, key, CH.offset, 1) - 0.5) * 0.3,
    lon: at.lon + (unit(seed, key, CH.offset, 2) - 0.5) * 0.5,
    alt: at.alt + 40 * unit(seed, key, CH.altitude),
  };
}

function wanIp(seed: number, key: number, mobile: boolean): string {
  const a = between(0, 255, seed, key, CH.address, 1);
  const b = between(1, 254, seed, key, CH.address, 2);
  // Mobile carriers hand out addresses behind carrier-grade NAT; wired links get one of
  // the documentation ranges, never someone's real address.
  if (mobile) return `100.${64 + (a % 64)}.${a}.${b}`;
  return `${choose(["192.0.2", "198.51.100", "203.0.113"], seed, key, CH.address)}.${b}`;
}

export function simulatedFacts(identity: DeviceIdentity, traits: SimulatedTraits): DeviceFacts {
  const { profile } = traits;
  const base = macNumber(identity.mac);
  const interfaces: NonNullable<DeviceFacts["interfaces"]> = [];
  if (profile.ports > 0) {
    interfaces.push({ name: "br-lan", mac: identity.mac, addresses: ["192.168.1.1/24"] });
  }
  if (profile.ports > 1 && !profile.mobile) {
    interfaces.push({ name: "wan", mac: macFromNumber(base + 1), addresses: [] });
  }
  if (profile.mobile) interfaces.push({ name: "mob1s1a1", addresses: [] });
  if (profile.wifi) {
    interfaces.push({ name: "wlan0", mac: macFromNumber(base + 2), addresses: [] });
  }
  return {
    hostname: `Teltonika-${profile.model}.com`,
    kernel: profile.hardware.kernel,
    cpu: profile.hardware.cpu,
    cpu_count: profile.hardware.cpu_count,
    memory_total: profile.hardware.memory_total,
    interfaces,
  };
}

export function simulatedStatus(
  identity: DeviceIdentity,
  traits: SimulatedTraits,
  uptime: number,
): StatusMessage {
  return {
    v: DEVICE_PROTOCOL_VERSION,
    online: true,
    firmware: traits.firmware,
    model: traits.profile.model,
    uptime,
    facts: simulatedFacts(identity, traits),
    timezone: traits.timezone,
  };
}

/** The readings of a device at `nowMs`, having started at `bootMs`. */
export function simulatedTelemetry(
  seed: number,
  traits: SimulatedTraits,
  nowMs: number,
  bootMs: number,
): TelemetryMessage {
  const { key, profile } = traits;
  const t = nowMs / 1000;
  const uptime = Math.max(0, Math.floor((nowMs - bootMs) / 1000));
  const message: TelemetryMessage = {
    v: DEVICE_PROTOCOL_VERSION,
    at: Math.floor(t),
    uptime,
  };

  // Bytes since start: a steady rate plus a bounded drift whose slope never cancels it.
  const period = 900;
  const rxRate = between(2_000, 60_000, seed, key, CH.rate, 1);
  const txRate = Math.round(rxRate * (0.1 + 0.3 * unit(seed, key, CH.rate, 2)));
  const wobble = (rate: number, channel: number) =>
    Math.floor(
      rate *
        (uptime +
          0.5 *
            period *
            (drift(t, period, seed, key, CH.rate, channel) -
              drift(bootMs / 1000, period, seed, key, CH.rate, channel))),
    );
  message.rx_bytes = Math.max(0, wobble(rxRate, 3));
  message.tx_bytes = Math.max(0, wobble(txRate, 4));

  const temperatureBase = 32 + 16 * unit(seed, key, CH.temperature);
  message.temperature = round(
    temperatureBase + 6 * (drift(t, 1_800, seed, key, CH.temperature) - 0.5),
    1,
  );
  const cpuBase = 3 + 20 * unit(seed, key, CH.cpu);
  message.cpu_load = round(cpuBase + 30 * drift(t, 120, seed, key, CH.cpu) ** 3, 1);
  message.memory_free = Math.floor(
    profile.hardware.memory_total * (0.3 + 0.35 * drift(t, 1_800, seed, key, CH.memory)),
  );

  const place = home(seed, key);
  if (traits.moving) {
    // About ±5 km around home, changing direction every quarter of an hour.
    message.latitude = round(place.lat + 0.09 * (drift(t, 900, seed, key, CH.lat) - 0.5), 6);
    message.longitude = round(place.lon + 0.15 * (drift(t, 900, seed, key, CH.lon) - 0.5), 6);
  } else {
    message.latitude = round(place.lat, 6);
    message.longitude = round(place.lon, 6);
  }
  // Only a GNSS fix gives a height; a vehicle's rises and falls with the road, ±15 m.
  if (profile.gps) {
    const climb = traits.moving ? 30 * (drift(t, 900, seed, key, CH.altitude) - 0.5) : 0;
    message.altitude = round(Math.max(0, place.alt + climb), 1);
  }

  if (profile.mobile) {
    const signalBase = -65 - 35 * unit(seed, key, CH.signal);
    const signal = Math.round(signalBase + 12 * (drift(t, 600, seed, key, CH.signal) - 0.5));
    message.signal = signal;
    message.operator = choose(region(seed, key).operators, seed, key, CH.operator);
    message.connection_type = signal < -100 ? "3G" : (profile.network ?? "4G");
  } else {
    message.connection_type = "WAN";
  }
  message.wan_ip = wanIp(seed, key, profile.mobile);

  if (profile.io) {
    // A door contact that opens now and then, a relay switched more rarely.
    message.digital_input = unit(seed, key, CH.input, Math.floor(t / 900)) < 0.2 ? 1 : 0;
    message.relay_output = unit(seed, key, CH.relay, Math.floor(t / 3_600)) < 0.1 ? 1 : 0;
  }
  return message;
}
