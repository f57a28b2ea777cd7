import { pino } from "pino";
import { Registry } from "prom-client";
import { afterEach, describe, expect, it } from "vitest";
import { type Batch, createIngest, type IngestLimits } from "./device-ingest";
import { deviceMetrics } from "./device-metrics";

/**
 * The gateway's buffers with the database replaced by a write the test holds back: the
 * one fault an API test cannot cause at will is a database that falls behind.
 */

const LIMITS: IngestLimits = {
  maxStates: 1_000,
  maxTelemetry: 100,
  maxActivity: 20,
  maxResults: 20,
  flushStates: 500,
  flushTelemetry: 50,
  // Flushes happen by size or by hand here, never by the clock.
  everyMs: 3_600_000,
};

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((ingest) => ingest.close()));
});

/** A write that stays stuck until `release()`, recording every batch and any overlap. */
function slowDatabase() {
  const batches: Batch[] = [];
  let release!: () => void;
  let held = new Promise<void>((resolve) => (release = resolve));
  let running = 0;
  let overlapped = false;
  return {
    batches,
    get overlapped() {
      return overlapped;
    },
    release: () => release(),
    hold() {
      held = new Promise<void>((resolve) => (release = resolve));
    },
    async write(batch: Batch) {
      running++;
      if (running > 1) overlapped = true;
      batches.push(batch);
      await held;
      running--;
    },
  };
}

function setup(write: (batch: Batch) => Promise<void>, limits = LIMITS) {
  const registry = new Registry();
  const metrics = deviceMetrics(registry);
  const ingest = createIngest({ limits, write, metrics, log: pino({ level: "silent" }) });
  metrics.watch({ pending: () => ingest.pending() });
  opened.push(ingest);
  const value = async (name: string, labels: Record<string, string> = {}) => {
    const metric = (await registry.getSingleMetric(name)!.get()).values.find((v) =>
      Object.entries(labels).every(([k, l]) => v.labels[k] === l),
    );
    return metric?.value ?? 0;
  };
  return { ingest, value };
}

const reading = (deviceId: number, n: number) => ({
  deviceId,
  at: new Date(1_700_000_000_000 + n * 1000),
  signal: -60 - (n % 30),
  temperature: null,
  sent: n,
  received: n,
  latitude: null,
  longitude: null,
  cpuLoad: null,
  memoryFree: null,
  digitalInput: null,
  relayOutput: null,
});

describe("device traffic buffers", () => {
  it("sheds history past its bound while the database is stuck, keeps every device's latest state, and counts what it shed", async () => {
    const db = slowDatabase();
    const { ingest, value } = setup((batch) => db.write(batch));

    // The first 50 readings start a flush, which the database does not finish.
    for (let n = 0; n < 50; n++) ingest.telemetry(reading(1, n));
    await Promise.resolve();
    expect(db.batches).toHaveLength(1);

    let largest = 0;
    for (let n = 50; n < 5_050; n++) {
      const deviceId = 1 + (n % 10);
      ingest.state({ id: deviceId, status: 1, seenAt: new Date(n), signal: -n % 100 });
      ingest.telemetry(reading(deviceId, n));
      largest = Math.max(largest, ingest.pending().telemetry);
    }
    // Memory stays bounded: the buffer never holds more than its bound.
    expect(largest).toBe(LIMITS.maxTelemetry);
    expect(ingest.pending()).toMatchObject({ state: 10, telemetry: 100 });
    expect(
      await value("netfleet_device_history_rows_shed_total", { table: "device_telemetry" }),
    ).toBe(4_900);
    expect(await value("netfleet_device_pending_rows", { buffer: "telemetry" })).toBe(100);
    // No state was shed: only history gives way.
    expect(await value("netfleet_device_history_rows_shed_total", { table: "devices" })).toBe(0);

    db.release();
    await ingest.flush();
    expect(db.overlapped).toBe(false);
    const [first, second] = db.batches;
    expect(first!.telemetry).toHaveLength(50);
    expect(second!.telemetry).toHaveLength(100);
    // Each device's state is its last message's.
    expect(second!.states).toHaveLength(10);
    expect(second!.states.find((s) => s.id === 1)).toMatchObject({
      seenAt: new Date(5_040),
      signal: -5_040 % 100,
    });
    expect(
      await value("netfleet_device_history_rows_written_total", { table: "device_telemetry" }),
    ).toBe(150);
    expect(await value("netfleet_device_state_rows_written_total")).toBe(10);
    expect(ingest.pending()).toEqual({ state: 0, telemetry: 0, activity: 0, task_results: 0 });
  });

  it("bounds device events and task results the same way", async () => {
    const db = slowDatabase();
    const { ingest, value } = setup((batch) => db.write(batch));
    for (let n = 0; n < 50; n++) ingest.telemetry(reading(1, n));
    for (let n = 0; n < 30; n++) {
      ingest.activity({ deviceId: 1, at: new Date(), type: "config_changed", message: `${n}` });
      ingest.result({ deviceId: 1, id: `task-${n}`, ok: true, message: null });
    }
    expect(ingest.pending()).toMatchObject({ activity: 20, task_results: 20 });
    expect(await value("netfleet_device_history_rows_shed_total", { table: "device_events" })).toBe(
      10,
    );
    expect(await value("netfleet_device_history_rows_shed_total", { table: "device_tasks" })).toBe(
      10,
    );
    db.release();
  });

  it("keeps what a device reported before when its next message leaves it out", async () => {
    const db = slowDatabase();
    db.release();
    const { ingest } = setup((batch) => db.write(batch));
    ingest.state({ id: 7, status: 1, seenAt: new Date(1_000), firmware: "RUTX_R_00.07.08" });
    ingest.state({ id: 7, status: 1, seenAt: new Date(2_000), signal: -70 });
    ingest.state({ id: 7, status: 0, seenAt: new Date(3_000) });
    await ingest.flush();
    expect(db.batches[0]!.states).toEqual([
      { id: 7, status: 0, seenAt: new Date(3_000), firmware: "RUTX_R_00.07.08", signal: -70 },
    ]);
  });

  it("does not take a device that came online and left again before a flush for one coming online", async () => {
    const db = slowDatabase();
    db.release();
    const { ingest } = setup((batch) => db.write(batch));
    ingest.state({ id: 7, status: 1, seenAt: new Date(1_000) });
    ingest.announce(7);
    ingest.state({ id: 8, status: 1, seenAt: new Date(1_000) });
    ingest.announce(8);
    ingest.state({ id: 7, status: 0, seenAt: new Date(2_000) });
    await ingest.flush();
    expect(db.batches[0]!.announced).toEqual([8]);
  });

  it("runs one flush at a time however often one is asked for, and goes on after a failed one", async () => {
    let calls = 0;
    let running = 0;
    let overlapped = false;
    const { ingest, value } = setup(async () => {
      calls++;
      running++;
      if (running > 1) overlapped = true;
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      if (calls === 1) throw new Error("database unavailable");
    });
    ingest.state({ id: 1, status: 1, seenAt: new Date() });
    void ingest.flush();
    await new Promise((resolve) => setTimeout(resolve, 1));
    for (let id = 2; id <= 5; id++) {
      ingest.state({ id, status: 1, seenAt: new Date() });
      void ingest.flush();
      void ingest.flush();
    }
    await ingest.flush();
    expect(overlapped).toBe(false);
    // The asks made while the first flush ran joined a single next one.
    expect(calls).toBe(2);
    expect(await value("netfleet_device_flush_failures_total")).toBe(1);
    expect(await value("netfleet_device_state_rows_written_total")).toBe(4);
  });

  it("runs maintenance between flushes, after what waits has been written", async () => {
    const order: string[] = [];
    const { ingest } = setup(async (batch) => {
      order.push(`write ${batch.states.length}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    ingest.state({ id: 1, status: 1, seenAt: new Date() });
    await ingest.exclusive(async () => {
      order.push("sweep");
    });
    expect(order).toEqual(["write 1", "sweep"]);
  });
});
