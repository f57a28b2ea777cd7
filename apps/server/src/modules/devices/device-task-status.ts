import type { FinishedTask } from "./device-tasks.repo";

/** What each action is called in activity entries and progress messages. */
const ACTION_LABELS: Record<string, string> = {
  reboot: "Reboot",
  firmware_upload: "Firmware update",
  config_upload: "Configuration upload",
};

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
