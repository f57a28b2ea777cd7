import { setTimeout as sleep } from "node:timers/promises";
import {
  DEVICE_PROTOCOL_VERSION,
  TASK_ACTIONS,
  installedFirmware,
  type TaskAction,
  type TaskMessage,
  type TaskResultMessage,
  type TaskStage,
  taskMessageSchema,
} from "@netfleet/contracts/device-protocol";
import { checkedDownload } from "./download";

/**
 * What a down message asks, as a plain decision: the device runtime (fleet-tasks.ts) carries
 * it out. Kept apart from the connection so the decisions are tested without a broker.
 */

/** How a task ends, and whether the device restarts. */
export interface TaskOutcome {
  ok: boolean;
  message: string;
  /** The firmware the device runs from now on: reported in its status and the answer. */
  firmware?: string;
  /**
   * Go offline for this long; `run` then does the real thing, if any. A reboot answers
   * first; a firmware update answers once it is back (`answerWhenBack`), running the file.
   */
  restart?: { afterMs: number; run?: () => void; answerWhenBack?: boolean };
}

/** What a runner may do while it works. */
export interface TaskContext {
  /** Tells the server which stage the task has reached. */
  progress(stage: TaskStage): void;
  /** Aborted when the fleet stops. */
  signal: AbortSignal;
}

export type TaskRunner = (task: TaskMessage, context: TaskContext) => Promise<TaskOutcome>;

/** What a device does for each action (an exhaustive map: a new action fails to compile). */
export type TaskRunners = Record<TaskAction, TaskRunner>;

export type ParsedTask =
  { ok: true; task: TaskMessage } | { ok: false; id: string | undefined; message: string };

/** The task in a `down/task` payload, or why it cannot run (with its id, if it has one). */
export function parseTask(payload: Buffer | string): ParsedTask {
  let body: unknown;
  try {
    body = JSON.parse(payload.toString());
  } catch {
    return { ok: false, id: undefined, message: "The task is not JSON." };
  }
  const parsed = taskMessageSchema.safeParse(body);
  if (parsed.success) return { ok: true, task: parsed.data };
  const id = (body as { id?: unknown } | null)?.id;
  const action = (body as { action?: unknown } | null)?.action;
  return {
    ok: false,
    id: typeof id === "string" && id.length > 0 && id.length <= 64 ? id : undefined,
    message:
      typeof action === "string" && !(TASK_ACTIONS as readonly string[]).includes(action)
        ? `This device cannot run "${action.slice(0, 64)}".`
        : "The task is not one this device understands.",
  };
}

export function taskResult(
  id: string,
  ok: boolean,
  message: string,
  firmware?: string,
): TaskResultMessage {
  return { v: DEVICE_PROTOCOL_VERSION, id, ok, message, ...(firmware ? { firmware } : {}) };
}

/** What a device answers, word for word: the console shows it to people. */
const TASK_MESSAGES = {
  rebooting: "Rebooting",
  rejected: "Installation failed: the device rejected the image.",
  configApplied: "Configuration applied",
  running: (firmware: string) => `Running ${firmware}`,
  hostInstallsNothing: "This host does not install firmware or configuration files.",
  rebootNotAllowed: "Reboot is not allowed on this host: start the agent with --allow-reboot.",
} as const;

export interface SimulatedTasks {
  /** How long a reboot keeps the device away, ms. */
  rebootMs: number;
  /** How long installing a file takes, ms. */
  installMs: number;
  /** This device refuses every file it is sent (an injected failure). */
  rejectsUpdates: boolean;
}

/**
 * A simulated device reboots: it answers, goes away for a few seconds and starts afresh. It
 * downloads a file for real and checks it, then pretends to install it; new firmware is
 * running once it is back from the reboot that follows.
 */
export function simulatedRunners({
  rebootMs,
  installMs,
  rejectsUpdates,
}: SimulatedTasks): TaskRunners {
  /** Null once installed, or the outcome of a failure: the device keeps what it runs. */
  const install = async (task: TaskMessage, context: TaskContext) => {
    context.progress("downloading");
    const problem = await checkedDownload(task.file!, context.signal);
    if (problem) return { ok: false, message: problem };
    context.progress("installing");
    await sleep(installMs, undefined, { signal: context.signal });
    return rejectsUpdates ? { ok: false, message: TASK_MESSAGES.rejected } : null;
  };
  return {
    reboot: async () => ({
      ok: true,
      message: TASK_MESSAGES.rebooting,
      restart: { afterMs: rebootMs },
    }),
    firmware_upload: async (task, context) => {
      const failed = await install(task, context);
      if (failed) return failed;
      context.progress("rebooting");
      const firmware = installedFirmware(task.file!);
      return {
        ok: true,
        message: TASK_MESSAGES.running(firmware),
        firmware,
        restart: { afterMs: rebootMs, answerWhenBack: true },
      };
    },
    config_upload: async (task, context) =>
      (await install(task, context)) ?? { ok: true, message: TASK_MESSAGES.configApplied },
  };
}

/**
 * A real host reboots only when its owner allowed it when starting the agent; its firmware is
 * its operating system, which the agent leaves to the host's own package manager.
 */
export function hostRunners(allowReboot: boolean, reboot: () => void): TaskRunners {
  const installsNothing = async () => ({ ok: false, message: TASK_MESSAGES.hostInstallsNothing });
  return {
    reboot: async () =>
      allowReboot
        ? { ok: true, message: TASK_MESSAGES.rebooting, restart: { afterMs: 60_000, run: reboot } }
        : { ok: false, message: TASK_MESSAGES.rebootNotAllowed },
    firmware_upload: installsNothing,
    config_upload: installsNothing,
  };
}
