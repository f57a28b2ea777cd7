import type { FastifyBaseLogger } from "fastify";
import { type ConstructorOptions, fromPglite, type Job, PgBoss } from "pg-boss";
import { ACTION_STATUS_EVENT, statusChannel } from "@netfleet/contracts/events";
import { type Database, type Db, jobsInTransaction } from "../../db/client";
import type { TenantScope } from "../../db/tenancy";
import type { Actor, JobActor } from "../../lib/actor";
import { newSecret } from "../../lib/secrets";
import { AppError } from "../../plugins/errors";
import type { Realtime } from "../../plugins/realtime";
import { actorForJob } from "../accounts/authenticate";
import { type ActionRow, actionsRepo, type StepEnd } from "./actions.repo";

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
  ): Promise<string | WaitingStep>;
}

/** The message of steps whose job failed every time it ran (see the server's log). */
const GAVE_UP = "The step could not be run; the server's log tells why.";

/** Steps per job: one transaction each, and one progress update. */
const CHUNK = 250;

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
    if (!action) return;
    const definition = definitions[action.name];
    const actor = action.userId === null ? undefined : await actorForJob({ db }, action.userId);
    const sent: (() => void)[] = [];
    await db.transaction(async (tx) => {
      const repo = actionsRepo(tx);
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
      }
    });
    for (const send of sent) send();
    await report(action);
  }

  /** A job pg-boss gave up on: its steps still pending fail, so the action can end. */
  async function giveUp({ actionId, deviceIds }: ChunkJob) {
    const repo = actionsRepo(db);
    const action = await repo.byId(actionId);
    if (!action) return;
    await repo.failPending(actionId, deviceIds, GAVE_UP);
    await report(action);
  }

  /** Where the action stands: its counts, and `latest` (what just happened) or a summary. */
  async function statusOf(action: ActionRow, latest?: string) {
    const { pending, waiting, done, failed } = await actionsRepo(db).counts(action.id);
    const over = pending + waiting === 0;
    const label = definitions[action.name]?.label ?? action.name;
    return {
      over,
      update: {
        status: over
          ? failed > 0
            ? ("failed" as const)
            : ("done" as const)
          : ("running" as const),
        progress: Math.floor(((done + failed) * 100) / Math.max(action.total, 1)),
        message:
          latest ?? `${label}: ${done + failed} of ${action.total} devices, ${failed} failed`,
        done,
        failed,
        total: action.total,
      },
    };
  }

  /** Pushes where the action stands on its channel, and marks it finished when nothing is left. */
  async function report(action: ActionRow, latest?: string) {
    const { over, update } = await statusOf(action, latest);
    realtime.publish(action.channel, ACTION_STATUS_EVENT, update);
    if (over) await actionsRepo(db).finish(action.id, update.status as "done" | "failed");
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
    },

    /**
     * Records an action of `name` over these steps, one per device, and queues it; answers
     * its status channel at once. Checking the request is the caller's part.
     */
    async request(actor: Actor, name: string, steps: readonly ActionStep[]): Promise<string> {
      if (!definitions[name]) throw new Error(`No action is defined as ${name}.`);
      const channel = statusChannel(actor.id, newSecret(24));
      await db.transaction(async (tx) => {
        const actionId = await actionsRepo(tx).create({
          name,
          userId: actor.id,
          channel,
          steps,
        });
        const jobs = [];
        for (let i = 0; i < steps.length; i += CHUNK) {
          const deviceIds = steps.slice(i, i + CHUNK).map((step) => step.deviceId);
          jobs.push({ data: { actionId, deviceIds } satisfies ChunkJob });
        }
        // In the action's own transaction: the action and its jobs exist together or not at all.
        await boss.insert(queue, jobs, { db: jobsInTransaction(tx) });
      });
      return channel;
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
    async announce(ends: readonly (StepEnd & { latest: string })[]) {
      const latest = new Map<number, string>();
      for (const end of ends) latest.set(end.actionId, end.latest);
      for (const [actionId, message] of latest) {
        const action = await actionsRepo(db).byId(actionId);
        if (action) await report(action, message);
      }
    },

    /** Where the action of a status channel stands, for a listener who joins late. */
    async replay(channel: string) {
      const action = await actionsRepo(db).byChannel(channel);
      if (!action) return undefined;
      return {
        event: ACTION_STATUS_EVENT as typeof ACTION_STATUS_EVENT,
        data: (await statusOf(action)).update,
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
