import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { DeviceTaskStatus } from "@netfleet/contracts/schemas/device-activity";
import { type Db, resultRows } from "../../db/client";
import { deviceTasks, devices } from "../../db/schema";

/** A task as the gateway sends it and hears of it again. */
export interface TaskRef {
  id: string;
  deviceId: number;
  action: string;
}

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
            sql`(${r.id}::text, ${r.deviceId}::integer, ${r.ok ? "succeeded" : "failed"}::text, ${r.message}::text)`,
        ),
        sql`, `,
      );
      const ended = await db.execute(sql`
        update ${deviceTasks} set status = v.status, message = v.message, finished_at = now()
        from (values ${values}) as v(id, device_id, status, message)
        where ${deviceTasks.id} = v.id and ${deviceTasks.deviceId} = v.device_id
          and ${deviceTasks.status} = 'pending'
        returning ${ENDED_COLUMNS}`);
      return endedTasks(ended);
    },

    /** The pending tasks of these devices asked for since `since`, oldest first per device. */
    async pendingFor(deviceIds: readonly number[], since: Date): Promise<TaskRef[]> {
      const found: TaskRef[] = [];
      // A mass reconnect names many devices: kept well under the parameter limit.
      for (let i = 0; i < deviceIds.length; i += 10_000) {
        found.push(
          ...(await db
            .select({
              id: deviceTasks.id,
              deviceId: deviceTasks.deviceId,
              action: deviceTasks.action,
            })
            .from(deviceTasks)
            .where(
              and(
                inArray(deviceTasks.deviceId, deviceIds.slice(i, i + 10_000)),
                eq(deviceTasks.status, "pending"),
                gte(deviceTasks.createdAt, since),
              ),
            )
            .orderBy(asc(deviceTasks.createdAt))),
        );
      }
      return found;
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

    /** Pending tasks asked for before `before` expire. Answers them. */
    async expire(before: Date, message: string): Promise<FinishedTask[]> {
      return endedTasks(
        await db.execute(sql`
          update ${deviceTasks} set status = 'expired', message = ${message}, finished_at = now()
          where ${deviceTasks.status} = 'pending' and ${deviceTasks.createdAt} < ${before.toISOString()}::timestamptz
          returning ${ENDED_COLUMNS}`),
      );
    },
  };
}
