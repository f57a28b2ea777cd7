import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { TaskAction } from "@netfleet/contracts/device-protocol";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import type { Auth } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { type ActivityRow, deviceHistoryRepo } from "./device-history.repo";
import { type Batch, createIngest, DEFAULT_LIMITS } from "./device-ingest";
import type { DeviceLive, LiveChange } from "./device-live";
import type { DeviceMetrics } from "./device-metrics";
import { actionLabel, describeTask, duration, type TaskStatusChannels } from "./device-task-status";
import { type FinishedTask, type TaskRef, deviceTasksRepo } from "./device-tasks.repo";
import { devicesRepo } from "./devices.repo";
import type { Gateway } from "./gateway";

const DAY_MS = 86_400_000;
/** Daily telemetry partitions made ahead of time, today included. */
const DAYS_AHEAD = 3;
const MAINTENANCE_EVERY_MS = 3_600_000;

type Settings = Pick<
  Env,
  | "TELEMETRY_RETENTION_DAYS"
  | "TELEMETRY_BUFFER_ROWS"
  | "DEVICE_HEARTBEAT_TIMEOUT_SECONDS"
  | "DEVICE_TASK_TIMEOUT_SECONDS"
  | "DEVICE_SWEEP_SECONDS"
>;

export interface TrafficOptions {
  db: Db;
  settings: Settings;
  live: DeviceLive;
  taskStatus: TaskStatusChannels;
  metrics: DeviceMetrics;
  log: FastifyBaseLogger;
}

/** The activity entry of a connection status change. */
function connectionActivity(change: LiveChange): ActivityRow {
  const online = change.status === 1;
  return {
    deviceId: change.id,
    at: change.lastSeenAt ?? new Date(),
    type: online ? "connected" : "disconnected",
    message: online ? "Connected" : "Disconnected",
  };
}

function taskActivity(task: FinishedTask, at: Date): ActivityRow {
  return {
    deviceId: task.deviceId,
    at,
    type: "task_result",
    message: describeTask(task),
    taskId: task.id,
  };
}

const startOfDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

/**
 * The device traffic past the broker: the ingest buffers and what a flush writes (state,
 * history and activity in one transaction), tasks going down and their results coming
 * back, the periodic sweeps (silent devices, unanswered tasks) and the upkeep of the
 * telemetry partitions.
 */
export function deviceTraffic(opts: TrafficOptions) {
  const { db, settings, live, taskStatus, metrics, log } = opts;
  let gateway: Gateway | null = null;
  const timers: NodeJS.Timeout[] = [];

  const taskTimeoutMs = settings.DEVICE_TASK_TIMEOUT_SECONDS * 1000;

  function send(task: TaskRef) {
    // Without a gateway (yet) the task waits: it is sent when the device next comes online.
    gateway
      ?.sendTask(task.deviceId, { id: task.id, action: task.action as TaskAction })
      .catch((err: unknown) => log.warn({ err, task: task.id }, "sending a task failed"));
  }

  const countActivity = (written: number) =>
    metrics.historyRows.inc({ table: "device_events" }, written);

  async function write(batch: Batch) {
    const now = new Date();
    const { changes, ended, resend, written } = await db.transaction(async (tx) => {
      const changes = await devicesRepo(tx).applyStates(batch.states);
      const ended = await deviceTasksRepo(tx).finish(batch.results);
      const history = deviceHistoryRepo(tx);
      await history.insertTelemetry(batch.telemetry);
      const written = await history.insertActivity([
        ...batch.activity,
        ...changes.map(connectionActivity),
        ...ended.map((task) => taskActivity(task, now)),
      ]);
      // A device coming online gets what was asked of it meanwhile.
      const online = new Set(batch.announced);
      for (const change of changes) if (change.status === 1) online.add(change.id);
      const resend = await deviceTasksRepo(tx).pendingFor(
        [...online],
        new Date(now.getTime() - taskTimeoutMs),
      );
      return { changes, ended, resend, written };
    });
    countActivity(written);
    live.changed(changes);
    for (const task of ended) taskStatus.ended(task);
    for (const task of resend) send(task);
  }

  const ingest = createIngest({
    limits: {
      ...DEFAULT_LIMITS,
      maxTelemetry: settings.TELEMETRY_BUFFER_ROWS,
      // A small buffer is written before it is full, not only on the clock.
      flushTelemetry: Math.min(
        DEFAULT_LIMITS.flushTelemetry,
        Math.ceil(settings.TELEMETRY_BUFFER_ROWS / 2),
      ),
    },
    write,
    metrics,
    log,
  });
  metrics.watch({ pending: () => ingest.pending() });

  /**
   * Online devices silent for longer than the heartbeat timeout go offline, and pending
   * tasks older than the task timeout expire; each leaves an activity entry. Runs between
   * flushes, after what is buffered has been written, so that a heartbeat waiting in
   * memory is not mistaken for silence.
   */
  function sweep(now = new Date()): Promise<void> {
    return ingest.exclusive(async () => {
      const timeout = settings.DEVICE_HEARTBEAT_TIMEOUT_SECONDS;
      const silent = await db.transaction(async (tx) => {
        const gone = await devicesRepo(tx).markSilentOffline(
          new Date(now.getTime() - timeout * 1000),
        );
        countActivity(
          await deviceHistoryRepo(tx).insertActivity(
            gone.map((device) => ({
              deviceId: device.id,
              at: now,
              type: "disconnected",
              message: `No heartbeat for ${duration(timeout)}`,
            })),
          ),
        );
        return gone;
      });
      live.changed(silent);

      const expired = await db.transaction(async (tx) => {
        const tasks = await deviceTasksRepo(tx).expire(
          new Date(now.getTime() - taskTimeoutMs),
          `no answer within ${duration(settings.DEVICE_TASK_TIMEOUT_SECONDS)}`,
        );
        countActivity(
          await deviceHistoryRepo(tx).insertActivity(tasks.map((task) => taskActivity(task, now))),
        );
        return tasks;
      });
      for (const task of expired) taskStatus.ended(task);
    });
  }

  /**
   * Makes the daily telemetry partitions of today and the next days, so that rows never
   * land in the default partition, and drops the days past the retention.
   */
  async function maintain(now = new Date()): Promise<string[]> {
    const history = deviceHistoryRepo(db);
    const today = startOfDay(now);
    const taken = await history.ensureTelemetryDays(
      Array.from({ length: DAYS_AHEAD }, (_, i) => new Date(today.getTime() + i * DAY_MS)),
    );
    if (taken.length > 0) {
      log.warn(
        { days: taken },
        "the default telemetry partition holds rows of these days: they stay there, unpartitioned",
      );
    }
    return history.dropTelemetryBefore(
      new Date(today.getTime() - settings.TELEMETRY_RETENTION_DAYS * DAY_MS),
    );
  }

  function maintainLogged() {
    maintain().catch((err: unknown) =>
      log.error({ err }, "maintaining the telemetry partitions failed"),
    );
  }

  return {
    ingest,
    flush: () => ingest.flush(),
    sweep,
    maintain,

    /** Sends tasks through the gateway, and starts the sweeps and the partitions' upkeep. */
    start(started: Gateway) {
      gateway = started;
      timers.push(
        setInterval(() => void sweep(), settings.DEVICE_SWEEP_SECONDS * 1000).unref(),
        setInterval(maintainLogged, MAINTENANCE_EVERY_MS).unref(),
      );
    },

    /**
     * Asks devices of the caller's company tree to run `action`: one task per device,
     * recorded with an activity entry, then sent. Any id outside the tree is answered as a
     * device that does not exist. Answers the action's status channel.
     */
    async request(actor: Auth, action: TaskAction, deviceIds: readonly number[]) {
      const ids = [...new Set(deviceIds)];
      const found = await deviceTasksRepo(db).devicesInScope(actor.tenant, ids);
      if (found.length !== ids.length)
        throw new AppError("NOT_FOUND", "No such device.", { source: "device_id" });
      const now = new Date();
      const tasks = found.map((device) => ({
        id: randomUUID(),
        deviceId: device.id,
        device: device.name,
        action,
        requestedBy: actor.user.id,
      }));
      const written = await db.transaction(async (tx) => {
        await deviceTasksRepo(tx).create(tasks);
        return deviceHistoryRepo(tx).insertActivity(
          tasks.map((task) => ({
            deviceId: task.deviceId,
            at: now,
            type: "task",
            message: `${actionLabel(action)} requested by ${actor.user.email}`,
            userId: actor.user.id,
            taskId: task.id,
          })),
        );
      });
      countActivity(written);
      const channel = taskStatus.open(actor.user.id, tasks);
      for (const task of tasks) send(task);
      return channel;
    },

    async close() {
      for (const timer of timers) clearInterval(timer);
      await ingest.close();
      live.close();
    },
  };
}

export type DeviceTraffic = ReturnType<typeof deviceTraffic>;
