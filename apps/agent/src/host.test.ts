import { describe, expect, it } from "vitest";
import {
  enrolRequestSchema,
  statusMessageSchema,
  telemetryMessageSchema,
} from "@netfleet/contracts/device-protocol";
import {
  HOST_MODEL,
  hostIdentity,
  hostSerial,
  hostStatus,
  hostTelemetry,
  parseMemAvailable,
  parseNetDev,
  parseOsRelease,
  primaryMac,
} from "./host";

const NET_DEV = `Inter-|   Receive                                                |  Transmit
 face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
    lo: 9000000     100    0    0    0     0          0         0  9000000     100    0    0    0     0       0          0
  eth0: 1500000    2000    0    0    0     0          0         0   250000    1500    0    0    0     0       0          0
 wlan0:   20000      30    0    0    0     0          0         0     4000      20    0    0    0     0       0          0
`;

describe("reading the host", () => {
  it("sums received and sent bytes of every interface but loopback", () => {
    expect(parseNetDev(NET_DEV)).toEqual({ rx: 1_520_000, tx: 254_000 });
  });

  it("reads the memory programs can still get", () => {
    const meminfo = "MemTotal:       16000000 kB\nMemFree:  100 kB\nMemAvailable:    8000000 kB\n";
    expect(parseMemAvailable(meminfo)).toBe(8_000_000 * 1024);
    expect(parseMemAvailable("MemTotal: 1 kB\n")).toBeNull();
  });

  it("reads the system's name from os-release", () => {
    expect(parseOsRelease('NAME="Debian"\nPRETTY_NAME="Debian GNU/Linux 13 (trixie)"\n')).toBe(
      "Debian GNU/Linux 13 (trixie)",
    );
    expect(parseOsRelease("NAME=x\n")).toBeNull();
  });

  it("takes the MAC of the first interface that is not loopback", () => {
    const info = (mac: string, internal: boolean) => ({
      address: "10.0.0.2",
      netmask: "255.0.0.0",
      family: "IPv4" as const,
      mac,
      internal,
      cidr: "10.0.0.2/8",
    });
    expect(
      primaryMac({
        lo: [info("00:00:00:00:00:00", true)],
        wlan0: [info("aa:bb:cc:00:00:02", false)],
        eth0: [info("aa:bb:cc:00:00:01", false)],
      }),
    ).toBe("AA:BB:CC:00:00:01");
    expect(primaryMac({ lo: [info("00:00:00:00:00:00", true)] })).toBeNull();
  });

  it("derives a stable serial from the machine id without revealing it", () => {
    const id = "4c4c4544003957108052b4c04f384833";
    const serial = hostSerial(`${id}\n`, "ignored");
    expect(serial).toBe(hostSerial(id, "other"));
    expect(serial).toMatch(/^[0-9A-F]{16}$/);
    expect(id.toUpperCase()).not.toContain(serial);
    expect(hostSerial(null, "host/AA:BB")).not.toBe(hostSerial(null, "host/AA:BC"));
  });

  it("reports this machine with messages the protocol accepts", () => {
    const identity = hostIdentity();
    expect(enrolRequestSchema.parse({ token: "t", ...identity })).toMatchObject({
      serial: identity.serial,
      mac: identity.mac,
      model: HOST_MODEL,
    });
    const status = hostStatus();
    expect(statusMessageSchema.parse(status)).toEqual(status);
    expect(status.facts).toMatchObject({ hostname: expect.any(String), cpu: expect.any(String) });
    expect(status.facts!.interfaces!.length).toBeGreaterThan(0);
    expect(status.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const telemetry = hostTelemetry(Date.now());
    expect(telemetryMessageSchema.parse(telemetry)).toEqual(telemetry);
    expect(telemetry.uptime).toBeGreaterThan(0);
    expect(telemetry.memory_free).toBeGreaterThan(0);
  });
});
