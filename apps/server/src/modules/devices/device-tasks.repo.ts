import { and, eq, sql } from "drizzle-orm";
import { FILE_TASK_ACTIONS, type TaskStage } from "@netfleet/contracts/device-protocol";
import type { DeviceTaskStatus } from "@netfleet/contracts/schemas/device-activity";
import { type Db, resultRows } from "../../db/client";
import { deviceTasks, devices } from "../../db/schema";
import { inTenant, type TenantScope } from "../../db/tenancy";

/** What a file task installs, as its row keeps it. */
export interface TaskParams {
  file_id: number;
  name: string;
  sha256: string;
  size: number;
  /** firmware_upload: the firmware the device must run afterwards to count as done. */
  version?: string;
  keep_settings?: boolean;
}

/** A task as the gateway sends it and hears of it again. */
export interface TaskRef {
  id: string;
  deviceId: number;
  action: string;
  params?: TaskParams | null;
  /** A file task's one-time download token. */
  downloadToken?: string | null;
}

/** A device said it moved on to a stage of a task. */
export interface TaskProgress {
  deviceId: number;
  id: string;
  stage: TaskStage;
}

const fileActions = sql.raw(FILE_TASK_ACTIONS.map((a) => `'${a}'`).join(", "));

/** A task that ended, and how. */
export interface FinishedTask extends TaskRef {
  status: Exclude<DeviceTaskStatus, "pending">;
  message: string | null;
  /** The device's name, for progress messages. */
  device: string;
  /** The action whose step sent it, if any. */
  actionId: number | null;
}

/** What the statements ending tasks answer of each. */
const ENDED_COLUMNS = sql`${deviceTasks.id} as id, ${deviceTasks.deviceId} as device_id,
  ${deviceTasks.action} as action, ${deviceTasks.status} as status,
  ${deviceTasks.message} as message, ${deviceTasks.actionId} as action_id,
  (select ${devices.name} from ${devices} where ${devices.id} = ${deviceTasks.deviceId}) as device`;

function endedTasks(result: unknown): FinishedTask[] {
  return resultRows<{
    id: string;
    device_id: number;
    action: string;
    status: FinishedTask["status"];
    message: string | null;
    action_id: number | null;
    device: string;
  }>(result).map((r) => ({
    id: r.id,
    deviceId: r.device_id,
    action: r.action,
    status: r.status,
    message: r.message,
    device: r.device,
    actionId: r.action_id,
  }));
}

/** What a device answered about one of its tasks. */
export interface TaskResult {
  deviceId: number;
  id: string;
  ok: boolean;
  message: string | null;
  /** The firmware it runs as it answers. */
  firmware?: string | null;
}

/** Commands sent down to devices (table device_tasks). */
export function deviceTasksRepo(db: Db) {
  return {
    async create(task: {
      id: string;
      deviceId: number;
      action: string;
      requestedBy: number;
      actionId: number;
      params?: TaskParams;
      downloadToken?: string;
      /** Null: it waits for its device to come online. */
      sentAt: Date | null;
    }): Promise<void> {
      await db.insert(deviceTasks).values(task);
    },

    /**
     * Ends the pending tasks devices answered, each only by its own device, in one
     * statement. Answers the tasks that ended; an answer to a task that already ended (or
     * of another device) changes nothing.
     */
    async finish(results: readonly TaskResult[]): Promise<FinishedTask[]> {
      if (results.length === 0) return [];
      const values = sql.join(
        results.map(
          (r) =>
            sql`(${r.id}::text, ${r.deviceId}::integer, ${r.ok}::boolean, ${r.message}::text, ${r.firmware ?? null}::text)`,
        ),
        sql`, `,
      );
      // A firmware update counts only when the device runs the version it was sent.
      const version = sql`(${deviceTasks.params} ->> 'version')`;
      const wrongVersion = sql`(${version} is not null and ${version} is distinct from v.firmware)`;
      const ended = await db.execute(sql`
        update ${deviceTasks} set
          status = case when v.ok and not ${wrongVersion} then 'succeeded' else 'failed' end,
          message = case when v.ok and ${wrongVersion}
            then 'The device runs ' || coalesce(v.firmware, 'an unknown firmware') || ', not ' || ${version}
            else v.message end,
          stage = null, finished_at = now()
        from (values ${values}) as v(id, device_id, ok, message, firmware)
        where ${deviceTasks.id} = v.id and ${deviceTasks.deviceId} = v.device_id
          and ${deviceTasks.status} = 'pending'
        returning ${ENDED_COLUMNS}`);
      return endedTasks(ended);
    },

    /**
     * The stages devices reported of their pending tasks; answers those that moved on, with
     * the action each belongs to and its device's name.
     */
    async stage(progress: readonly TaskProgress[]) {
      if (progress.length === 0) return [];
      const values = sql.join(
        progress.map((p) => sql`(${p.id}::text, ${p.deviceId}::integer, ${p.stage}::text)`),
        sql`, `,
      );
      const moved = await db.execute(sql`
        update ${deviceTasks} set stage = v.stage
        from (values ${values}) as v(id, device_id, stage)
        where ${deviceTasks.id} = v.id and ${deviceTasks.deviceId} = v.device_id
          and ${deviceTasks.status} = 'pending' and ${deviceTasks.stage} is distinct from v.stage
        returning ${deviceTasks.deviceId} as device_id, ${deviceTasks.actionId} as action_id,
          ${deviceTasks.stage} as stage,
          (select ${devices.name} from ${devices} where ${devices.id} = ${deviceTasks.deviceId}) as device`);
      return resultRows<{
        device_id: number;
        action_id: number | null;
        stage: TaskStage;
        device: string;
      }>(moved).map((r) => ({
        deviceId: r.device_id,
        actionId: r.action_id,
        stage: r.stage,
        device: r.device,
      }));
    },

    /**
     * The pending tasks of these devices (which just came online) to send them: those not
     * sent yet, now marked sent, and those sent since `since`, oldest first.
     */
    async pendingFor(deviceIds: readonly number[], since: Date): Promise<TaskRef[]> {
      const found: (TaskRef & { createdAt: number })[] = [];
      // A mass reconnect names many devices: kept well under the parameter limit.
      for (let i = 0; i < deviceIds.length; i += 10_000) {
        const ids = deviceIds.slice(i, i + 10_000);
        const rows = resultRows<{
          id: string;
          device_id: number;
          action: string;
          params: TaskParams | null;
          download_token: string | null;
          created_at: string | Date;
        }>(
          await db.execute(sql`
            update ${deviceTasks} set sent_at = coalesce(${deviceTasks.sentAt}, now())
            where ${deviceTasks.deviceId} = any(${sql.param(ids)}::integer[])
              and ${deviceTasks.status} = 'pending'
              and (${deviceTasks.sentAt} is null or ${deviceTasks.sentAt} >= ${since.toISOString()}::timestamptz)
            returning ${deviceTasks.id} as id, ${deviceTasks.deviceId} as device_id,
              ${deviceTasks.action} as action, ${deviceTasks.params} as params,
              ${deviceTasks.downloadToken} as download_token, ${deviceTasks.createdAt} as created_at`),
        );
        for (const r of rows) {
          found.push({
            id: r.id,
            deviceId: r.device_id,
            action: r.action,
            params: r.params,
            downloadToken: r.download_token,
            createdAt: new Date(r.created_at).getTime(),
          });
        }
      }
      return found.sort((a, b) => a.createdAt - b.createdAt);
    },

    /**
     * Fails the pending tasks these cancelled steps sent; a device's later answer to one
     * changes nothing.
     */
    async cancelForSteps(
      steps: readonly { actionId: number; deviceId: number }[],
      message: string,
    ) {
      for (const step of steps) {
        await db
          .update(deviceTasks)
          .set({ status: "failed", message, finishedAt: sql`now()` })
          .where(
            and(
              eq(deviceTasks.actionId, step.actionId),
              eq(deviceTasks.deviceId, step.deviceId),
              eq(deviceTasks.status, "pending"),
            ),
          );
      }
    },

    /**
     * Tasks sent before `before` (file tasks: before `updatesBefore`) and still unanswered
     * expire; a task waiting for its device to come online does not. Answers them.
     */
    async expire(
      before: Date,
      updatesBefore: Date,
      message: { task: string; update: string },
    ): Promise<FinishedTask[]> {
      return endedTasks(
        await db.execute(sql`
          update ${deviceTasks} set status = 'expired', stage = null, finished_at = now(),
            message = case when ${deviceTasks.action} in (${fileActions})
              then ${message.update} else ${message.task} end
          where ${deviceTasks.status} = 'pending' and ${deviceTasks.sentAt} < case
            when ${deviceTasks.action} in (${fileActions}) then ${updatesBefore.toISOString()}::timestamptz
            else ${before.toISOString()}::timestamptz end
          returning ${ENDED_COLUMNS}`),
      );
    },

    /**
     * Uses up a pending file task's download token: answers the file it names, once; a
     * token used before, or of a task that ended, answers nothing.
     */
    async takeDownload(token: string): Promise<number | undefined> {
      const [row] = await db
        .update(deviceTasks)
        .set({ downloadedAt: sql`now()` })
        .where(
          and(
            eq(deviceTasks.downloadToken, token),
            eq(deviceTasks.status, "pending"),
            sql`${deviceTasks.downloadedAt} is null`,
          ),
        )
        .returning({ params: deviceTasks.params });
      return (row?.params as TaskParams | undefined)?.file_id;
    },

    /**
     * A page of the file tasks waiting for their devices to come online, of devices the
     * caller sees, oldest first, with how many there are.
     */
    async pendingUpdates(scope: TenantScope, page: { limit: number; offset: number }) {
      const seen = inTenant(scope, devices.companyId);
      const where = sql`${deviceTasks.status} = 'pending' and ${deviceTasks.sentAt} is null
        and ${deviceTasks.action} in (${fileActions}) and ${deviceTasks.actionId} is not null
        ${seen ? sql`and ${seen}` : sql``}`;
      const from = sql`from ${deviceTasks} join ${devices} on ${devices.id} = ${deviceTasks.deviceId}`;
      const rows = resultRows<{
        action_id: number;
        action: string;
        name: string;
        serial: string;
        device_id: number;
      }>(
        await db.execute(sql`
          select ${deviceTasks.actionId} as action_id, ${deviceTasks.action} as action,
            ${deviceTasks.params} ->> 'name' as name, ${devices.serial} as serial,
            ${deviceTasks.deviceId} as device_id
          ${from} where ${where}
          order by ${deviceTasks.createdAt}, ${deviceTasks.id}
          limit ${page.limit} offset ${page.offset}`),
      );
      const [counted] = resultRows<{ total: number }>(
        await db.execute(sql`select count(*)::integer as total ${from} where ${where}`),
      );
      return { rows, total: counted?.total ?? 0 };
    },
  };
}
