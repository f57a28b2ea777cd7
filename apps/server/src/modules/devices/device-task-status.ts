import { ACTION_STATUS_EVENT, statusChannel } from "@netfleet/contracts/events";
import { newSecret } from "../../lib/secrets";
import type { Realtime } from "../../plugins/realtime";
import type { FinishedTask } from "./device-tasks.repo";

/** What each action is called in activity entries and progress messages. */
const ACTION_LABELS: Record<string, string> = { reboot: "Reboot" };

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

/** "3 minutes", "1 hour", "90 seconds": a setting in seconds, as people say it. */
export function duration(seconds: number): string {
  const [amount, unit] =
    seconds % 3600 === 0
      ? [seconds / 3600, "hour"]
      : seconds % 60 === 0
        ? [seconds / 60, "minute"]
        : [seconds, "second"];
  return `${amount} ${unit}${amount === 1 ? "" : "s"}`;
}

/** "Reboot succeeded", "Reboot failed: no power", "Reboot expired: no answer within 1 hour". */
export function describeTask(task: Pick<FinishedTask, "action" | "status" | "message">): string {
  const text = `${actionLabel(task.action)} ${task.status}`;
  return task.message ? `${text}: ${task.message}` : text;
}

/** Tasks followed at most; the oldest are forgotten first (they have expired by then). */
const MAX_FOLLOWED = 100_000;

/**
 * The status channels of actions (RMS API v3's `meta.channel`): an action over several
 * devices gets one channel, and each task that ends pushes `ActionStatusUpdated` with the
 * counts so far. Kept in this process's memory: a task ended in another server process
 * updates its row and activity there, without a push.
 */
export function taskStatusChannels(realtime: Realtime) {
  const followed = new Map<
    string,
    { device: string; progress: { channel: string; total: number; done: number; failed: number } }
  >();
  return {
    /** A channel for these tasks of this user, each named by its device. */
    open(userId: number, tasks: readonly { id: string; device: string }[]): string {
      const progress = {
        channel: statusChannel(userId, newSecret(24)),
        total: tasks.length,
        done: 0,
        failed: 0,
      };
      for (const { id, device } of tasks) followed.set(id, { device, progress });
      while (followed.size > MAX_FOLLOWED) followed.delete(followed.keys().next().value!);
      return progress.channel;
    },

    /** Pushes how a task ended, and the action's counts, on its channel. */
    ended(task: FinishedTask) {
      const entry = followed.get(task.id);
      if (!entry) return;
      followed.delete(task.id);
      const { device, progress } = entry;
      if (task.status === "succeeded") progress.done++;
      else progress.failed++;
      const over = progress.done + progress.failed >= progress.total;
      realtime.publish(progress.channel, ACTION_STATUS_EVENT, {
        status: over ? (progress.failed > 0 ? "failed" : "done") : "running",
        message: `${device}: ${describeTask(task)}`,
        done: progress.done,
        failed: progress.failed,
        total: progress.total,
      });
    },
  };
}

export type TaskStatusChannels = ReturnType<typeof taskStatusChannels>;
