import {
  DEVICE_PROTOCOL_VERSION,
  type TaskMessage,
  type TaskResultMessage,
  taskMessageSchema,
} from "@netfleet/contracts/device-protocol";

/**
 * What a down message asks, as a plain decision: the device runtime (fleet.ts) carries it
 * out. Kept apart from the connection so the decisions are tested without a broker.
 */

/** How a task ends, and whether the device restarts after answering. */
export interface TaskOutcome {
  ok: boolean;
  message: string;
  /** Go offline after answering, for this long; `run` then does the real thing, if any. */
  restart?: { afterMs: number; run?: () => void };
}

/** What a device does for each action (an exhaustive map: a new action fails to compile). */
export type TaskRunners = Record<TaskMessage["action"], () => TaskOutcome>;

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
      typeof action === "string"
        ? `This device cannot run "${action.slice(0, 64)}".`
        : "The task is not one this device understands.",
  };
}

export function taskResult(id: string, ok: boolean, message: string): TaskResultMessage {
  return { v: DEVICE_PROTOCOL_VERSION, id, ok, message };
}

/** A simulated device reboots: it answers, goes away for a few seconds and starts afresh. */
export function simulatedRunners(rebootMs: number): TaskRunners {
  return {
    reboot: () => ({ ok: true, message: "Rebooting", restart: { afterMs: rebootMs } }),
  };
}

/** A real host reboots only when its owner allowed it when starting the agent. */
export function hostRunners(allowReboot: boolean, reboot: () => void): TaskRunners {
  return {
    reboot: () =>
      allowReboot
        ? { ok: true, message: "Rebooting", restart: { afterMs: 60_000, run: reboot } }
        : {
            ok: false,
            message: "Reboot is not allowed on this host: start the agent with --allow-reboot.",
          },
  };
}
