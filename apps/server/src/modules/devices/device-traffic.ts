import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { isFileTask, type TaskAction, type TaskStage } from "@netfleet/contracts/device-protocol";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import type { ActingUser } from "../../lib/actor";
import { newSecret } from "../../lib/secrets";
import type { StepEnd } from "../actions/actions.repo";
import { type ActivityRow, deviceHistoryRepo } from "./device-history.repo";
import { type Batch, createIngest, DEFAULT_LIMITS } from "./device-ingest";
import type { DeviceLive, LiveChange } from "./device-live";
import type { DeviceMetrics } from "./device-metrics";
import { actionLabel, describeTask, duration } from "./device-task-status";
import {
  type FinishedTask,
  type TaskParams,
  type TaskRef,
  deviceTasksRepo,
} from "./device-tasks.repo";
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
  | "DEVICE_UPDATE_TIMEOUT_SECONDS"
  | "DEVICE_SWEEP_SECONDS"
>;

export interface TrafficOptions {
  db: Db;
  settings: Settings;
  live: DeviceLive;
  metrics: DeviceMetrics;
  log: FastifyBaseLogger;
  /** The one-time URL a device downloads a file task's file from. */
  downloadUrl: (token: string) => string;
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

/** A step waiting on a task, as it ends with it; `latest` says so on the action's channel. */
type TaskStepEnd = StepEnd & { latest: string };

/** The action engine's part in tasks: the steps that sent them end with them. */
export interface WaitingSteps {
  endWaiting<E extends StepEnd>(tx: Db, ends: readonly E[]): Promise<E[]>;
  announce(ends: readonly TaskStepEnd[]): Promise<void>;
  progress(
    changes: readonly {
      actionId: number;
      latest: string;
      step: { device_id: number; state: TaskStage; message: null };
    }[],
  ): Promise<void>;
}

function stepEnds(tasks: readonly FinishedTask[]): TaskStepEnd[] {
  return tasks.flatMap((task) =>
    task.actionId === null
      ? []
      : [
          {
            actionId: task.actionId,
            deviceId: task.deviceId,
            status: task.status === "succeeded" ? ("done" as const) : ("failed" as const),
            message: describeTask(task),
            latest: `${task.device}: ${describeTask(task)}`,
          },
        ],
  );
}

const startOfDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

/**
 * The device traffic past the broker: the ingest buffers and what a flush writes (state,
 * history and activity in one transaction), tasks going down and their results coming
 * back, the periodic sweeps (silent devices, unanswered tasks) and the upkeep of the
 * telemetry partitions.
 */
export function deviceTraffic(opts: TrafficOptions) {
  const { db, settings, live, metrics, log, downloadUrl } = opts;
  let gateway: Gateway | null = null;
  let steps: WaitingSteps | null = null;
  const timers: NodeJS.Timeout[] = [];

  const taskTimeoutMs = settings.DEVICE_TASK_TIMEOUT_SECONDS * 1000;
  const updateTimeoutMs = settings.DEVICE_UPDATE_TIMEOUT_SECONDS * 1000;

  function send(task: TaskRef) {
    const { params, downloadToken } = task;
    const file =
      params && downloadToken
        ? {
            file: {
              url: downloadUrl(downloadToken),
              sha256: params.sha256,
              size: params.size,
              name: params.name,
              ...(params.version === undefined ? {} : { version: params.version }),
              ...(params.keep_settings === undefined
                ? {}
                : { keep_settings: params.keep_settings }),
            },
          }
        : {};
    // Without a gateway (yet) the task waits: it is sent when the device next comes online.
    gateway
      ?.sendTask(task.deviceId, { id: task.id, action: task.action as TaskAction, ...file })
      .catch((err: unknown) => log.warn({ err, task: task.id }, "sending a task failed"));
  }

  const countActivity = (written: number) =>
    metrics.historyRows.inc({ table: "device_events" }, written);

  /** In the transaction that ended these tasks: the steps that waited on them end too. */
  const endSteps = (tx: Db, tasks: readonly FinishedTask[]) =>
    steps ? steps.endWaiting(tx, stepEnds(tasks)) : Promise.resolve([]);

  function announce(ended: readonly TaskStepEnd[]) {
    if (ended.length === 0 || !steps) return;
    steps.announce(ended).catch((err: unknown) => log.error({ err }, "reporting actions failed"));
  }

  function announceStages(
    staged: readonly {
      deviceId: number;
      actionId: number | null;
      stage: TaskStage;
      device: string;
    }[],
  ) {
    const changes = staged.flatMap((s) =>
      s.actionId === null
        ? []
        : [
            {
              actionId: s.actionId,
              latest: `${s.device}: ${s.stage}`,
              step: { device_id: s.deviceId, state: s.stage, message: null },
            },
          ],
    );
    if (changes.length === 0 || !steps) return;
    steps.progress(changes).catch((err: unknown) => log.error({ err }, "reporting actions failed"));
  }

  async function write(batch: Batch) {
    const now = new Date();
    const { changes, ended, staged, resend, written } = await db.transaction(async (tx) => {
      const changes = await devicesRepo(tx).applyStates(batch.states);
      const staged = await deviceTasksRepo(tx).stage(batch.progress);
      const tasks = await deviceTasksRepo(tx).finish(batch.results);
      const ended = await endSteps(tx, tasks);
      const history = deviceHistoryRepo(tx);
      await history.insertTelemetry(batch.telemetry);
      const written = await history.insertActivity([
        ...batch.activity,
        ...changes.map(connectionActivity),
        ...tasks.map((task) => taskActivity(task, now)),
      ]);
      // A device coming online gets what was asked of it meanwhile.
      const online = new Set(batch.announced);
      for (const change of changes) if (change.status === 1) online.add(change.id);
      const resend = await deviceTasksRepo(tx).pendingFor(
        [...online],
        new Date(now.getTime() - taskTimeoutMs),
      );
      return { changes, ended, staged, resend, written };
    });
    countActivity(written);
    live.changed(changes);
    announceStages(staged);
    announce(ended);
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
          new Date(now.getTime() - updateTimeoutMs),
          {
            task: `no answer within ${duration(settings.DEVICE_TASK_TIMEOUT_SECONDS)}`,
            update: `no answer within ${duration(settings.DEVICE_UPDATE_TIMEOUT_SECONDS)}`,
          },
        );
        countActivity(
          await deviceHistoryRepo(tx).insertActivity(tasks.map((task) => taskActivity(task, now))),
        );
        return endSteps(tx, tasks);
      });
      announce(expired);
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

    /** The action engine whose steps wait on tasks. */
    followActions(engine: WaitingSteps) {
      steps = engine;
    },

    /**
     * Records a task of an action's step for a device, with its activity entry, in the
     * step's transaction. Answers how to send it once that transaction has committed: now,
     * or, with `whenOnline` (a file task for a device offline now), when the device next
     * comes online, however long that takes.
     */
    async startTask(
      tx: Db,
      task: {
        deviceId: number;
        action: TaskAction;
        actionId: number;
        user: ActingUser;
        params?: TaskParams;
        whenOnline?: boolean;
      },
    ): Promise<() => void> {
      const ref: TaskRef = {
        id: randomUUID(),
        deviceId: task.deviceId,
        action: task.action,
        params: task.params ?? null,
        downloadToken: isFileTask(task.action) ? newSecret(24) : null,
      };
      await deviceTasksRepo(tx).create({
        id: ref.id,
        deviceId: ref.deviceId,
        action: ref.action,
        requestedBy: task.user.id,
        actionId: task.actionId,
        ...(task.params ? { params: task.params } : {}),
        ...(ref.downloadToken ? { downloadToken: ref.downloadToken } : {}),
        sentAt: task.whenOnline ? null : new Date(),
      });
      const what = task.params
        ? `${actionLabel(task.action)} (${task.params.name})`
        : actionLabel(task.action);
      const written = await deviceHistoryRepo(tx).insertActivity([
        {
          deviceId: task.deviceId,
          at: new Date(),
          type: "task",
          message: `${what} requested by ${task.user.email}`,
          userId: task.user.id,
          taskId: ref.id,
        },
      ]);
      return () => {
        countActivity(written);
        if (!task.whenOnline) send(ref);
      };
    },

    async close() {
      for (const timer of timers) clearInterval(timer);
      await ingest.close();
      live.close();
    },
  };
}

export type DeviceTraffic = ReturnType<typeof deviceTraffic>;
