import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { type Db, resultRows } from "../../db/client";
import { actions, actionSteps, devices, deviceTasks } from "../../db/schema";
import { inTenant, type TenantScope } from "../../db/tenancy";

export type ActionRow = typeof actions.$inferSelect;

export type StepStatus = "pending" | "waiting" | "done" | "failed";

/** How a step that waited for its device ended. */
export interface StepEnd {
  actionId: number;
  deviceId: number;
  status: "done" | "failed";
  message: string;
}

type Counts = Record<StepStatus, number>;

/** How many steps are in each state, in all and per wave. */
export interface WaveCounts {
  total: Counts;
  byWave: Map<number, Counts>;
}

const noCounts = (): Counts => ({ pending: 0, waiting: 0, done: 0, failed: 0 });

/** Rows a single insert writes at most: well under PostgreSQL's 65 535 values. */
const INSERT_ROWS = 5_000;

/** Bulk actions and their steps: what was asked, and each device's part and outcome. */
export function actionsRepo(db: Db) {
  return {
    /** A new running action with a pending step per device; answers its id. */
    async create(action: {
      name: string;
      userId: number;
      channel: string;
      plan: unknown;
      steps: readonly { deviceId: number; params: unknown; wave: number }[];
    }): Promise<number> {
      const [row] = await db
        .insert(actions)
        .values({
          name: action.name,
          userId: action.userId,
          channel: action.channel,
          plan: action.plan,
          total: action.steps.length,
        })
        .returning({ id: actions.id });
      const id = row!.id;
      for (let i = 0; i < action.steps.length; i += INSERT_ROWS) {
        await db.insert(actionSteps).values(
          action.steps.slice(i, i + INSERT_ROWS).map((step) => ({
            actionId: id,
            deviceId: step.deviceId,
            params: step.params,
            wave: step.wave,
          })),
        );
      }
      return id;
    },

    async byId(id: number) {
      const [row] = await db.select().from(actions).where(eq(actions.id, id));
      return row;
    },

    async byChannel(channel: string) {
      const [row] = await db.select().from(actions).where(eq(actions.channel, channel));
      return row;
    },

    /**
     * Of these devices' steps, the ones still pending, locked until the transaction ends.
     * A second delivery of the same job waits here, then finds them finished.
     */
    async lockPending(actionId: number, deviceIds: readonly number[]) {
      return db
        .select({ deviceId: actionSteps.deviceId, params: actionSteps.params })
        .from(actionSteps)
        .where(
          and(
            eq(actionSteps.actionId, actionId),
            inArray(actionSteps.deviceId, [...deviceIds]),
            eq(actionSteps.status, "pending"),
          ),
        )
        .orderBy(actionSteps.deviceId)
        .for("update");
    },

    async finishStep(
      actionId: number,
      deviceId: number,
      outcome: { status: Exclude<StepStatus, "pending">; message: string },
    ) {
      await db
        .update(actionSteps)
        .set({ ...outcome, finishedAt: outcome.status === "waiting" ? null : new Date() })
        .where(and(eq(actionSteps.actionId, actionId), eq(actionSteps.deviceId, deviceId)));
    },

    /** A pending step's message: why it has not run yet. */
    async noteStep(actionId: number, deviceId: number, message: string) {
      await db
        .update(actionSteps)
        .set({ message })
        .where(and(eq(actionSteps.actionId, actionId), eq(actionSteps.deviceId, deviceId)));
    },

    /** Fails these devices' steps that are still pending. */
    async failPending(actionId: number, deviceIds: readonly number[], message: string) {
      await db
        .update(actionSteps)
        .set({ status: "failed", message, finishedAt: new Date() })
        .where(
          and(
            eq(actionSteps.actionId, actionId),
            inArray(actionSteps.deviceId, [...deviceIds]),
            eq(actionSteps.status, "pending"),
          ),
        );
    },

    /** Ends those of these steps that still wait for their device; answers the ones it ended. */
    async endWaiting<E extends StepEnd>(ends: readonly E[]): Promise<E[]> {
      if (ends.length === 0) return [];
      const values = sql.join(
        ends.map(
          (e) =>
            sql`(${e.actionId}::integer, ${e.deviceId}::integer, ${e.status}::text, ${e.message}::text)`,
        ),
        sql`, `,
      );
      const ended = await db.execute(sql`
        update ${actionSteps} set status = v.status, message = v.message, finished_at = now()
        from (values ${values}) as v(action_id, device_id, status, message)
        where ${actionSteps.actionId} = v.action_id and ${actionSteps.deviceId} = v.device_id
          and ${actionSteps.status} = 'waiting'
        returning ${actionSteps.actionId} as action_id, ${actionSteps.deviceId} as device_id`);
      const endedKeys = new Set(
        resultRows<{ action_id: number; device_id: number }>(ended).map(
          (r) => `${r.action_id}:${r.device_id}`,
        ),
      );
      return ends.filter((e) => endedKeys.has(`${e.actionId}:${e.deviceId}`));
    },

    /**
     * Fails the steps not yet done that match (these devices', these actions'), of devices
     * the caller sees. Answers each with whether it was waiting for its device.
     */
    async cancel(
      scope: TenantScope,
      match: { deviceIds?: readonly number[]; actionIds?: readonly number[] },
      message: string,
    ): Promise<(StepEnd & { wasWaiting: boolean })[]> {
      const seen = inTenant(scope, devices.companyId);
      const result = await db.execute(sql`
        with target as (
          select ${actionSteps.actionId} as action_id, ${actionSteps.deviceId} as device_id,
            ${actionSteps.status} as status
          from ${actionSteps}
          where ${actionSteps.status} in ('pending', 'waiting')
            ${match.deviceIds ? sql`and ${actionSteps.deviceId} = any(${sql.param([...match.deviceIds])}::integer[])` : sql``}
            ${match.actionIds ? sql`and ${actionSteps.actionId} = any(${sql.param([...match.actionIds])}::integer[])` : sql``}
            and ${actionSteps.deviceId} in (select ${devices.id} from ${devices} ${seen ? sql`where ${seen}` : sql``})
          for update
        )
        update ${actionSteps} set status = 'failed', message = ${message}, finished_at = now()
        from target
        where ${actionSteps.actionId} = target.action_id and ${actionSteps.deviceId} = target.device_id
          and ${actionSteps.status} in ('pending', 'waiting')
        returning target.action_id, target.device_id, target.status`);
      return resultRows<{ action_id: number; device_id: number; status: string }>(result).map(
        (r) => ({
          actionId: r.action_id,
          deviceId: r.device_id,
          status: "failed" as const,
          message,
          wasWaiting: r.status === "waiting",
        }),
      );
    },

    /** Those of `ids` that are actions with a step on a device the caller sees. */
    async actionsInScope(scope: TenantScope, ids: readonly number[]): Promise<number[]> {
      const seen = inTenant(scope, devices.companyId);
      const result = await db.execute(sql`
        select distinct ${actionSteps.actionId} as id from ${actionSteps}
        inner join ${devices} on ${devices.id} = ${actionSteps.deviceId}
        where ${actionSteps.actionId} = any(${sql.param([...ids])}::integer[])
          ${seen ? sql`and ${seen}` : sql``}`);
      return resultRows<{ id: number }>(result).map((r) => r.id);
    },

    /** How many of the action's steps are in each state, in all and per wave. */
    async countsByWave(actionId: number): Promise<WaveCounts> {
      const rows = await db
        .select({
          wave: actionSteps.wave,
          status: actionSteps.status,
          count: sql<number>`count(*)::integer`,
        })
        .from(actionSteps)
        .where(eq(actionSteps.actionId, actionId))
        .groupBy(actionSteps.wave, actionSteps.status);
      const total = noCounts();
      const byWave = new Map<number, Counts>();
      for (const row of rows) {
        const status = row.status as StepStatus;
        const wave = byWave.get(row.wave) ?? noCounts();
        wave[status] += row.count;
        total[status] += row.count;
        byWave.set(row.wave, wave);
      }
      return { total, byWave };
    },

    /** Pauses a running action with its reason; answers it paused, or nothing if it was not running. */
    async pause(actionId: number, reason: string): Promise<ActionRow | undefined> {
      const [row] = await db
        .update(actions)
        .set({ status: "paused", pausedReason: reason })
        .where(and(eq(actions.id, actionId), eq(actions.status, "running")))
        .returning();
      return row;
    },

    /** Runs a paused action again, with its plan as it now judges failures. */
    async resume(actionId: number, plan: unknown) {
      await db
        .update(actions)
        .set({ status: "running", pausedReason: null, ...(plan ? { plan } : {}) })
        .where(and(eq(actions.id, actionId), eq(actions.status, "paused")));
    },

    /** Moves a running action from wave `from` to `to`; false when another report did first. */
    async release(actionId: number, from: number, to: number): Promise<boolean> {
      const rows = await db
        .update(actions)
        .set({ wave: to })
        .where(and(eq(actions.id, actionId), eq(actions.wave, from), eq(actions.status, "running")))
        .returning({ id: actions.id });
      return rows.length > 0;
    },

    /** The devices of pending steps of waves up to `wave`, to queue again. */
    async pendingOfWaves(actionId: number, wave: number): Promise<number[]> {
      const rows = await db
        .select({ deviceId: actionSteps.deviceId })
        .from(actionSteps)
        .where(
          and(
            eq(actionSteps.actionId, actionId),
            eq(actionSteps.status, "pending"),
            lte(actionSteps.wave, wave),
          ),
        )
        .orderBy(asc(actionSteps.deviceId));
      return rows.map((row) => row.deviceId);
    },

    /** Actions not yet finished and not paused. */
    async runningIds(): Promise<number[]> {
      const rows = await db
        .select({ id: actions.id })
        .from(actions)
        .where(eq(actions.status, "running"));
      return rows.map((row) => row.id);
    },

    /**
     * A page of an action's steps with their devices' names and, for a step waiting on its
     * device, where the device's task stands (sent or not, its stage).
     */
    async stepsOf(
      actionId: number,
      page: { limit: number; offset: number; state?: string | undefined },
    ) {
      const state = sql`case
        when ${actionSteps.status} = 'pending' then 'queued'
        when ${actionSteps.status} = 'waiting' then coalesce(t.stage, case when t.sent_at is null then 'queued' else 'sending' end)
        else ${actionSteps.status} end`;
      const filtered = sql`${actionSteps.actionId} = ${actionId}
        ${page.state ? sql`and (${state}) = ${page.state}` : sql``}`;
      const from = sql`from ${actionSteps}
        left join ${devices} on ${devices.id} = ${actionSteps.deviceId}
        left join lateral (
          select ${deviceTasks.stage} as stage, ${deviceTasks.sentAt} as sent_at from ${deviceTasks}
          where ${deviceTasks.actionId} = ${actionSteps.actionId} and ${deviceTasks.deviceId} = ${actionSteps.deviceId}
          order by ${deviceTasks.createdAt} desc limit 1
        ) t on true
        where ${filtered}`;
      const rows = resultRows<{
        device_id: number;
        device_name: string | null;
        state: string;
        wave: number;
        message: string | null;
        finished_at: string | Date | null;
      }>(
        await db.execute(sql`
          select ${actionSteps.deviceId} as device_id, ${devices.name} as device_name,
            ${state} as state, ${actionSteps.wave} as wave, ${actionSteps.message} as message,
            ${actionSteps.finishedAt} as finished_at
          ${from}
          order by ${actionSteps.wave}, ${actionSteps.deviceId}
          limit ${page.limit} offset ${page.offset}`),
      );
      const [counted] = resultRows<{ total: number }>(
        await db.execute(sql`select count(*)::integer as total ${from}`),
      );
      return { rows, total: counted?.total ?? 0 };
    },

    /**
     * Marks a running (or paused) action finished; false when another delivery finished it
     * first.
     */
    async finish(actionId: number, status: "done" | "failed"): Promise<boolean> {
      const rows = await db
        .update(actions)
        .set({ status, finishedAt: new Date(), pausedReason: null })
        .where(and(eq(actions.id, actionId), inArray(actions.status, ["running", "paused"])))
        .returning({ id: actions.id });
      return rows.length > 0;
    },

    /** A page of one device's steps, newest action first, with how many there are. */
    async logOf(deviceId: number, page: { limit: number; offset: number }) {
      const where = eq(actionSteps.deviceId, deviceId);
      const rows = await db
        .select({
          actionId: actions.id,
          name: actions.name,
          createdAt: actions.createdAt,
          status: actionSteps.status,
          message: actionSteps.message,
          finishedAt: actionSteps.finishedAt,
        })
        .from(actionSteps)
        .innerJoin(actions, eq(actions.id, actionSteps.actionId))
        .where(where)
        .orderBy(desc(actionSteps.actionId))
        .limit(page.limit)
        .offset(page.offset);
      const [counted] = await db
        .select({ total: sql<number>`count(*)::integer` })
        .from(actionSteps)
        .where(where);
      return { rows, total: counted?.total ?? 0 };
    },

    /**
     * Whether any action still has work of its own: steps pending, or an end not yet
     * recorded. An action whose remaining steps wait for their devices does not count.
     */
    async anyBusy(): Promise<boolean> {
      const result = await db.execute(
        sql`select exists (
          select 1 from ${actions} where ${actions.status} = 'running' and (
            exists (select 1 from ${actionSteps} where ${actionSteps.actionId} = ${actions.id} and ${actionSteps.status} = 'pending')
            or not exists (select 1 from ${actionSteps} where ${actionSteps.actionId} = ${actions.id} and ${actionSteps.status} = 'waiting')
          )) as busy`,
      );
      return resultRows<{ busy: boolean }>(result)[0]?.busy ?? false;
    },
  };
}
