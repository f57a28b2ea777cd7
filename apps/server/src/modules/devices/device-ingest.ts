import type { FastifyBaseLogger } from "fastify";
import type { ActivityRow, TelemetryRow } from "./device-history.repo";
import type { DeviceMetrics, PendingSizes } from "./device-metrics";
import type { TaskProgress, TaskResult } from "./device-tasks.repo";
import type { DeviceState } from "./devices.repo";

/** What one flush hands the database, in one transaction. */
export interface Batch {
  /** The latest state of each device heard from. */
  states: DeviceState[];
  telemetry: TelemetryRow[];
  /** What devices reported as events. */
  activity: ActivityRow[];
  results: TaskResult[];
  /** The latest stage of each task devices said they are running. */
  progress: TaskProgress[];
  /** Devices that announced themselves online (a live status, not a retained copy). */
  announced: number[];
}

export interface IngestLimits {
  /** Devices whose state waits at most; past it a new device's state waits for its next message. */
  maxStates: number;
  /** Telemetry rows waiting at most: past it, history is shed. */
  maxTelemetry: number;
  maxActivity: number;
  maxResults: number;
  /** A flush starts when this many devices or telemetry rows wait, or every `everyMs`. */
  flushStates: number;
  flushTelemetry: number;
  everyMs: number;
}

export const DEFAULT_LIMITS: IngestLimits = {
  maxStates: 50_000,
  maxTelemetry: 20_000,
  maxActivity: 10_000,
  maxResults: 10_000,
  flushStates: 1_000,
  flushTelemetry: 2_000,
  everyMs: 250,
};

export interface IngestOptions {
  limits: IngestLimits;
  /** Writes a batch (one transaction) and whatever follows from it. */
  write(batch: Batch): Promise<void>;
  metrics: DeviceMetrics;
  log: FastifyBaseLogger;
}

/** A state with what `next` reported laid over what `known` had. */
function merge(known: DeviceState, next: DeviceState): DeviceState {
  const merged: Record<string, unknown> = { ...known };
  for (const [key, value] of Object.entries(next)) if (value !== undefined) merged[key] = value;
  return merged as unknown as DeviceState;
}

/**
 * The gateway's buffers between MQTT and the database. Every message lands in memory and
 * is written in batches: one transaction per flush, when enough waits or every `everyMs`.
 * One flush runs at a time; while it runs (the database is slow) the buffers fill, each
 * up to its own bound. State keeps the latest per device, so it is bounded by the fleet;
 * history (telemetry, device events) past its bound is dropped and counted, because a
 * missing measurement is cheaper than a device shown in the wrong state or memory that
 * grows until the process dies.
 */
export function createIngest(opts: IngestOptions) {
  const { limits, metrics, log } = opts;
  let states = new Map<number, DeviceState>();
  let telemetry: TelemetryRow[] = [];
  let activity: ActivityRow[] = [];
  let results: TaskResult[] = [];
  let progress = new Map<string, TaskProgress>();
  let announced = new Set<number>();

  let chain: Promise<void> = Promise.resolve();
  let queued = false;

  function take(): Batch | null {
    const waiting =
      states.size + telemetry.length + activity.length + results.length + progress.size;
    if (waiting + announced.size === 0) return null;
    const batch: Batch = {
      states: [...states.values()],
      telemetry,
      activity,
      results,
      progress: [...progress.values()],
      // Online, then its last will, in one batch: the device is gone again.
      announced: [...announced].filter((id) => states.get(id)?.status !== 0),
    };
    states = new Map();
    telemetry = [];
    activity = [];
    results = [];
    progress = new Map();
    announced = new Set();
    return batch;
  }

  async function writeOnce() {
    const batch = take();
    if (!batch) return;
    const done = metrics.flushDuration.startTimer();
    try {
      await opts.write(batch);
      metrics.stateRows.inc(batch.states.length);
      metrics.historyRows.inc({ table: "device_telemetry" }, batch.telemetry.length);
    } catch (err) {
      metrics.flushFailures.inc();
      log.error(
        { err, devices: batch.states.length, telemetry: batch.telemetry.length },
        "writing device traffic failed",
      );
    } finally {
      done();
    }
  }

  /** Writes what waits now; a flush asked for while one waits to start joins it. */
  function flush(): Promise<void> {
    if (!queued) {
      queued = true;
      chain = chain.then(() => {
        queued = false;
        return writeOnce();
      });
    }
    return chain;
  }

  // Unref'd: buffers alone do not keep a process alive that is otherwise done.
  const timer = setInterval(() => void flush(), limits.everyMs).unref();

  return {
    state(state: DeviceState) {
      const known = states.get(state.id);
      if (known) states.set(state.id, merge(known, state));
      else if (states.size < limits.maxStates) states.set(state.id, state);
      else return metrics.shed.inc({ table: "devices" });
      if (states.size >= limits.flushStates) void flush();
    },

    telemetry(row: TelemetryRow) {
      if (telemetry.length >= limits.maxTelemetry)
        return metrics.shed.inc({ table: "device_telemetry" });
      telemetry.push(row);
      if (telemetry.length >= limits.flushTelemetry) void flush();
    },

    activity(row: ActivityRow) {
      if (activity.length >= limits.maxActivity)
        return metrics.shed.inc({ table: "device_events" });
      activity.push(row);
    },

    result(result: TaskResult) {
      if (results.length >= limits.maxResults) return metrics.shed.inc({ table: "device_tasks" });
      results.push(result);
    },

    progress(step: TaskProgress) {
      if (progress.size >= limits.maxResults) return metrics.shed.inc({ table: "device_tasks" });
      progress.set(step.id, step);
    },

    announce(deviceId: number) {
      if (announced.size < limits.maxStates) announced.add(deviceId);
    },

    pending(): PendingSizes {
      return {
        state: states.size,
        telemetry: telemetry.length,
        activity: activity.length,
        task_results: results.length,
      };
    },

    flush,

    /** Runs `work` between flushes, never beside one (sweeps that change the same rows). */
    exclusive(work: () => Promise<void>): Promise<void> {
      const run = flush().then(work);
      chain = run.catch((err: unknown) => log.error({ err }, "device maintenance failed"));
      return chain;
    },

    /** Stops the timer and writes what waits. */
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type Ingest = ReturnType<typeof createIngest>;
