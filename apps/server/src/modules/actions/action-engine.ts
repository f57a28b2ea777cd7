import type { FastifyBaseLogger } from "fastify";
import { type ConstructorOptions, fromPglite, type Job, PgBoss } from "pg-boss";
import {
  ACTION_STATUS_EVENT,
  type ActionStatusUpdate,
  statusChannel,
} from "@netfleet/contracts/events";
import { toRmsDateTime } from "@netfleet/contracts/dates";
import type {
  Job as ActionJob,
  RolloutPlan,
  StepState,
} from "@netfleet/contracts/schemas/device-updates";
import { type Database, type Db, jobsInTransaction } from "../../db/client";
import type { TenantScope } from "../../db/tenancy";
import type { Actor, JobActor } from "../../lib/actor";
import { newSecret } from "../../lib/secrets";
import { AppError } from "../../plugins/errors";
import type { Realtime } from "../../plugins/realtime";
import { actorForJob } from "../accounts/authenticate";
import { type ActionRow, actionsRepo, type StepEnd, type WaveCounts } from "./actions.repo";

/** One device's part of an action, with what it takes (its tags, say). */
export interface ActionStep {
  deviceId: number;
  params: unknown;
}

/**
 * A step that asked its device for something: it waits until the device answers (see
 * `endWaiting`). `sent` runs once the step's transaction has committed.
 */
export interface WaitingStep {
  waiting: string;
  sent: () => void;
}

/**
 * A step that may not run yet (its device is outside its maintenance window): it stays
 * queued, with `reason` as its message, and runs again at `later`.
 */
export interface LaterStep {
  later: Date;
  reason: string;
}

/** A rollout's plan as the action keeps it: what was asked, and what it installs. */
export interface StoredPlan extends RolloutPlan {
  file_name: string;
  /** Counts when the rollout was last resumed: failures before it are not judged again. */
  judged_from?: { done: number; failed: number };
}

/** A device's step that just changed, as its channel tells. */
export type StepChange = { device_id: number; state: StepState; message: string | null };

/** A bulk action, defined once for every caller: the API, the console's bulk bar, tasks. */
export interface ActionDefinition {
  /** How progress names it: "Tag assignment". */
  label: string;
  /** What its user must still be allowed when each step runs. */
  permission: string;
  /**
   * Applies one device's step for `actor` in `tx` and answers the line its log keeps, or
   * that the step now waits for its device. An AppError fails the step with its message,
   * and what the step wrote is undone.
   */
  run(
    tx: Db,
    actor: JobActor,
    step: ActionStep & { actionId: number },
  ): Promise<string | WaitingStep | LaterStep>;
}

/** The message of steps whose job failed every time it ran (see the server's log). */
const GAVE_UP = "The step could not be run; the server's log tells why.";

/** Steps per job: one transaction each, and one progress update. */
const CHUNK = 250;

/** Devices finished (since the last resume) before failures are judged against the threshold. */
const JUDGED_AFTER = 10;

interface ChunkJob {
  actionId: number;
  deviceIds: number[];
}

/** pg-boss on the server's database: PGlite's one connection, or a few of PostgreSQL's own. */
function bossOptions(jobs: Database["jobs"]): ConstructorOptions {
  const common = { schema: "pgboss", schedule: false, useListenNotify: true } as const;
  return jobs.kind === "pglite"
    ? { ...common, db: fromPglite(jobs.pglite), backend: "pglite" }
    : { ...common, connectionString: jobs.url, max: 4 };
}

/**
 * The one action engine. A request records the action and a pending step per device, and
 * queues its steps in chunks in the same transaction; workers run each chunk in one
 * transaction, a savepoint per step, so a chunk interrupted by a crash runs again whole
 * and a step already finished is never applied twice. Each step acts as the user who asked,
 * with that user's access as it is then. Progress goes to the action's status channel.
 */
export function createActionEngine(opts: {
  database: Database;
  realtime: Realtime;
  definitions: Record<string, ActionDefinition>;
  log: FastifyBaseLogger;
  /** The queue its jobs go through. */
  queue?: string;
  /** Runs of a job after its first that fail before its steps are given up. */
  retryLimit?: number;
}) {
  const { database, realtime, definitions, log, queue = "device-actions", retryLimit = 5 } = opts;
  /** Where pg-boss puts a job whose every run failed: its steps are failed from there. */
  const deadLetter = `${queue}-failed`;
  const db = database.db;
  const boss = new PgBoss(bossOptions(database.jobs));
  boss.on("error", (err: unknown) => log.error({ err }, "the job queue failed"));
  let started = false;

  async function runChunk({ actionId, deviceIds }: ChunkJob) {
    const action = await actionsRepo(db).byId(actionId);
    // A paused action's steps stay queued: resuming queues them again.
    if (!action || action.status !== "running") return;
    const definition = definitions[action.name];
    const actor = action.userId === null ? undefined : await actorForJob({ db }, action.userId);
    const sent: (() => void)[] = [];
    const changes: StepChange[] = [];
    await db.transaction(async (tx) => {
      const repo = actionsRepo(tx);
      const later = new Map<number, number[]>();
      for (const step of await repo.lockPending(actionId, deviceIds)) {
        let outcome: { status: "waiting" | "done" | "failed"; message: string };
        if (!definition || !actor || !actor.permissions.has(definition.permission)) {
          outcome = { status: "failed", message: "The user who asked may no longer do this." };
        } else {
          try {
            const result = await tx.transaction((savepoint) =>
              definition.run(savepoint, actor, { ...step, actionId }),
            );
            if (typeof result === "string") {
              outcome = { status: "done", message: result };
            } else if ("later" in result) {
              await repo.noteStep(actionId, step.deviceId, result.reason);
              const at = result.later.getTime();
              later.set(at, [...(later.get(at) ?? []), step.deviceId]);
              changes.push({ device_id: step.deviceId, state: "queued", message: result.reason });
              continue;
            } else {
              outcome = { status: "waiting", message: result.waiting };
              sent.push(result.sent);
            }
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            outcome = { status: "failed", message: err.message };
          }
        }
        await repo.finishStep(actionId, step.deviceId, outcome);
        changes.push({
          device_id: step.deviceId,
          state: outcome.status === "waiting" ? "sending" : outcome.status,
          message: outcome.message,
        });
      }
      for (const [at, ids] of later) await queueSteps(tx, actionId, ids, new Date(at));
    });
    for (const send of sent) send();
    await report(action.id, undefined, changes);
  }

  /** Queues jobs over these steps (in `tx`, so they exist with what asked for them). */
  async function queueSteps(tx: Db, actionId: number, deviceIds: readonly number[], after?: Date) {
    const jobs = [];
    for (let i = 0; i < deviceIds.length; i += CHUNK) {
      const data: ChunkJob = { actionId, deviceIds: deviceIds.slice(i, i + CHUNK) };
      jobs.push(after ? { data, startAfter: after } : { data });
    }
    if (jobs.length > 0) await boss.insert(queue, jobs, { db: jobsInTransaction(tx) });
  }

  /** A job pg-boss gave up on: its steps still pending fail, so the action can end. */
  async function giveUp({ actionId, deviceIds }: ChunkJob) {
    const repo = actionsRepo(db);
    const action = await repo.byId(actionId);
    if (!action) return;
    await repo.failPending(actionId, deviceIds, GAVE_UP);
    await report(action.id);
  }

  /** Where the action stands: its counts, and `latest` (what just happened) or a summary. */
  function statusOf(action: ActionRow, waves: WaveCounts, latest?: string) {
    const { pending, waiting, done, failed } = waves.total;
    const over = pending + waiting === 0;
    const label = definitions[action.name]?.label ?? action.name;
    const status: ActionStatusUpdate["status"] = over
      ? failed > 0
        ? "failed"
        : "done"
      : action.status === "paused"
        ? "paused"
        : "running";
    return {
      over,
      update: {
        status,
        job_id: action.id,
        progress: Math.floor(((done + failed) * 100) / Math.max(action.total, 1)),
        message:
          latest ??
          (status === "paused" && action.pausedReason
            ? action.pausedReason
            : `${label}: ${done + failed} of ${action.total} devices, ${failed} failed`),
        done,
        failed,
        total: action.total,
      } satisfies ActionStatusUpdate,
    };
  }

  /**
   * A rollout's next move once its steps changed: past the failure threshold (of the
   * devices finished since it was last resumed, once enough have finished or the canary
   * wave has ended) it pauses; a wave that ended well releases the next. Each move is one
   * conditional update, so two workers reporting at once make it once. Answers the
   * action as it is now.
   */
  async function steer(action: ActionRow, waves: WaveCounts): Promise<ActionRow> {
    const plan = action.plan as StoredPlan | null;
    const left = waves.total.pending + waves.total.waiting;
    if (!plan || action.status !== "running" || left === 0) return action;
    const base = plan.judged_from ?? { done: 0, failed: 0 };
    const failed = waves.total.failed - base.failed;
    const finished = waves.total.done + waves.total.failed - base.done - base.failed;
    const current = waves.byWave.get(action.wave);
    const waveOver = !current || current.pending + current.waiting === 0;
    const judged = finished >= JUDGED_AFTER || (waveOver && finished > 0);
    if (judged && failed * 100 > plan.failure_threshold * finished) {
      const share = Math.round((failed * 100) / finished);
      const reason =
        `Paused: ${failed} of ${finished} devices failed (${share} %), ` +
        `more than the ${plan.failure_threshold} % allowed. Resume or cancel the rollout.`;
      return (await actionsRepo(db).pause(action.id, reason)) ?? action;
    }
    const next = action.wave + 1;
    if (!waveOver || !waves.byWave.has(next)) return action;
    return db.transaction(async (tx) => {
      const repo = actionsRepo(tx);
      if (!(await repo.release(action.id, action.wave, next))) return action;
      await queueSteps(tx, action.id, await repo.pendingOfWaves(action.id, next));
      return { ...action, wave: next };
    });
  }

  /**
   * Pushes where the action stands on its channel (with the steps that just changed), and
   * marks it finished when nothing is left.
   */
  async function report(actionId: number, latest?: string, steps?: readonly StepChange[]) {
    const repo = actionsRepo(db);
    const found = await repo.byId(actionId);
    if (!found) return;
    const waves = await repo.countsByWave(actionId);
    const action = await steer(found, waves);
    const { over, update } = statusOf(
      action,
      waves,
      action.status === "paused" && found.status !== "paused"
        ? (action.pausedReason ?? latest)
        : latest,
    );
    realtime.publish(
      action.channel,
      ACTION_STATUS_EVENT,
      steps && steps.length > 0 ? { ...update, steps: [...steps] } : update,
    );
    if (over) await repo.finish(action.id, update.status as "done" | "failed");
  }

  /** One report per action of what changed, its last change as the latest line. */
  async function reportChanges(
    changes: readonly { actionId: number; latest: string; step: StepChange }[],
  ) {
    const byAction = new Map<number, { latest: string; steps: StepChange[] }>();
    for (const change of changes) {
      const entry = byAction.get(change.actionId) ?? { latest: change.latest, steps: [] };
      entry.latest = change.latest;
      entry.steps.push(change.step);
      byAction.set(change.actionId, entry);
    }
    for (const [actionId, { latest, steps }] of byAction) await report(actionId, latest, steps);
  }

  return {
    /**
     * Opens the queue and, unless `work` is false (a process that only queues), starts the
     * workers, which take up what was queued and not finished before.
     */
    async start({ work = true }: { work?: boolean } = {}) {
      await boss.start();
      started = true;
      await boss.createQueue(deadLetter, { notify: true });
      await boss.createQueue(queue, {
        notify: true,
        retryLimit,
        retryBackoff: retryLimit > 0,
        deadLetter,
      });
      if (!work) return;
      // A new job wakes a worker at once (NOTIFY); a retry or a job left by a stopped
      // server is found by polling, every second rather than pg-boss's 30.
      const options = { batchSize: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 };
      await boss.work<ChunkJob>(queue, options, async ([job]: Job<ChunkJob>[]) => {
        try {
          await runChunk(job!.data);
        } catch (err) {
          log.error({ err, action: job!.data.actionId }, "a job of an action failed");
          throw err;
        }
      });
      await boss.work<ChunkJob>(deadLetter, options, async ([job]: Job<ChunkJob>[]) =>
        giveUp(job!.data),
      );
      // A stop between a wave's end and the next wave's release: each running action takes
      // its next move now.
      for (const id of await actionsRepo(db).runningIds()) await report(id);
    },

    /**
     * Records an action of `name` over these steps, one per device, and queues it; answers
     * its status channel at once. Checking the request is the caller's part.
     */
    async request(
      actor: Actor,
      name: string,
      steps: readonly ActionStep[],
      plan?: StoredPlan,
    ): Promise<string> {
      if (!definitions[name]) throw new Error(`No action is defined as ${name}.`);
      const channel = statusChannel(actor.id, newSecret(24));
      // A rollout's canary share goes first; with one device or a share of 0 or 100, one wave.
      const canary =
        plan && plan.canary_percent > 0 && plan.canary_percent < 100 && steps.length > 1
          ? Math.min(steps.length - 1, Math.ceil((steps.length * plan.canary_percent) / 100))
          : steps.length;
      await db.transaction(async (tx) => {
        const actionId = await actionsRepo(tx).create({
          name,
          userId: actor.id,
          channel,
          plan: plan ?? null,
          steps: steps.map((step, i) => ({ ...step, wave: i < canary ? 0 : 1 })),
        });
        // In the action's own transaction: the action and its jobs exist together or not at all.
        await queueSteps(
          tx,
          actionId,
          steps.slice(0, canary).map((step) => step.deviceId),
        );
      });
      return channel;
    },

    /** Pauses a running action: steps not yet run stay queued. False when it was not running. */
    async pause(actionId: number, reason: string): Promise<boolean> {
      const paused = await actionsRepo(db).pause(actionId, reason);
      if (paused) await report(actionId);
      return paused !== undefined;
    },

    /**
     * Resumes a paused action: its queued steps of the waves released so far run again, and
     * failures so far are not judged again. False when it was not paused.
     */
    async resume(actionId: number): Promise<boolean> {
      const resumed = await db.transaction(async (tx) => {
        const repo = actionsRepo(tx);
        const action = await repo.byId(actionId);
        if (!action || action.status !== "paused") return false;
        const { total } = await repo.countsByWave(actionId);
        const plan = action.plan as StoredPlan | null;
        await repo.resume(
          actionId,
          plan && { ...plan, judged_from: { done: total.done, failed: total.failed } },
        );
        await queueSteps(tx, actionId, await repo.pendingOfWaves(actionId, action.wave));
        return true;
      });
      if (resumed) await report(actionId);
      return resumed;
    },

    /**
     * Ends steps that waited for their device (its task ended), in the transaction that
     * records how the device answered. Answers those it ended: a step ends once.
     */
    endWaiting: <E extends StepEnd>(tx: Db, ends: readonly E[]) => actionsRepo(tx).endWaiting(ends),

    /** Those of `ids` that are actions with a step on a device the caller sees. */
    actionsInScope: (scope: TenantScope, ids: readonly number[]) =>
      actionsRepo(db).actionsInScope(scope, ids),

    /** Fails matching steps not yet done, in the caller's transaction (see the repository). */
    cancel: (tx: Db, ...args: Parameters<ReturnType<typeof actionsRepo>["cancel"]>) =>
      actionsRepo(tx).cancel(...args),

    /** After `endWaiting` committed: says on each action's channel how its steps ended. */
    announce: (ends: readonly (StepEnd & { latest: string })[]) =>
      reportChanges(
        ends.map((end) => ({
          actionId: end.actionId,
          latest: end.latest,
          step: { device_id: end.deviceId, state: end.status, message: end.message },
        })),
      ),

    /** Says on each action's channel where its devices now are with their steps. */
    progress: reportChanges,

    /** An action and where it stands, as `GET /api/devices/actions/jobs/{id}` tells. */
    async job(actionId: number): Promise<ActionJob | undefined> {
      const repo = actionsRepo(db);
      const action = await repo.byId(actionId);
      if (!action) return undefined;
      const waves = await repo.countsByWave(actionId);
      const { total } = waves;
      const plan = action.plan as StoredPlan | null;
      return {
        id: action.id,
        action: action.name,
        label: definitions[action.name]?.label ?? action.name,
        // As the channel says it: an action whose last step just ended is over, though the
        // report that records it may not have run yet.
        status: statusOf(action, waves).update.status,
        total: action.total,
        done: total.done,
        failed: total.failed,
        remaining: total.pending + total.waiting,
        plan: plan && {
          canary_percent: plan.canary_percent,
          failure_threshold: plan.failure_threshold,
          window: plan.window,
          file_name: plan.file_name,
          wave: action.wave,
        },
        paused_reason: action.pausedReason,
        created_at: toRmsDateTime(action.createdAt),
        finished_at: action.finishedAt && toRmsDateTime(action.finishedAt),
      };
    },

    /** A page of an action's steps, each device's state (see `actionsRepo.stepsOf`). */
    steps: (actionId: number, page: Parameters<ReturnType<typeof actionsRepo>["stepsOf"]>[1]) =>
      actionsRepo(db).stepsOf(actionId, page),

    /** Where the action of a status channel stands, for a listener who joins late. */
    async replay(channel: string) {
      const action = await actionsRepo(db).byChannel(channel);
      if (!action) return undefined;
      return {
        event: ACTION_STATUS_EVENT as typeof ACTION_STATUS_EVENT,
        data: statusOf(action, await actionsRepo(db).countsByWave(action.id)).update,
      };
    },

    /** One job's work as a worker does it: for a job delivered again. */
    runJob: runChunk,

    /**
     * Resolves once every action has run its steps and said so on its channel, but for
     * steps that wait for their devices (tests).
     */
    async settled(timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (await actionsRepo(db).anyBusy()) {
        if (Date.now() > until) throw new Error("Actions still running.");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },

    async stop() {
      if (started) await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

export type ActionEngine = ReturnType<typeof createActionEngine>;
