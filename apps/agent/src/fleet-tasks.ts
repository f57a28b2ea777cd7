import {
  DEVICE_PROTOCOL_VERSION,
  type TaskMessage,
  type TaskProgressMessage,
  type TaskStage,
} from "@netfleet/contracts/device-protocol";
import type { FleetDevice, TaskRecord } from "./device";
import { type TaskOutcome, type TaskRunners, parseTask, taskResult } from "./handlers";

/**
 * The tasks of a fleet's devices, run as their runners decide. QoS 1 may deliver a task
 * twice, and the server sends a task again whenever its device connects until it has the
 * answer (also after the reboot of the update it asked for): so a device runs each task id
 * once, ignores it while it runs and answers it again once done. A firmware update answers
 * only once the device is back and has said, in its status, what it now runs.
 */

/** Tasks a device remembers: the server sends one at a time; a few more cover cancellations. */
const REMEMBERED = 4;

/** What running tasks needs from the fleet. */
export interface TaskHooks<D> {
  runners(device: FleetDevice<D>): TaskRunners;
  /** Publishes on the device's connection. */
  publish(
    device: FleetDevice<D>,
    kind: "task-result" | "task-progress",
    body: unknown,
  ): Promise<unknown>;
  /** The device runs this firmware from now on. */
  installed(device: FleetDevice<D>, firmware: string): void;
  /** Says offline, disconnects, and connects again after `restart.afterMs`. */
  restart(device: FleetDevice<D>, restart: NonNullable<TaskOutcome["restart"]>): void;
  /** A task starts (for the fleet's count). */
  started(): void;
  signal: AbortSignal;
}

export interface FleetTasks<D> {
  /** A `down/task` message arrived. */
  received(device: FleetDevice<D>, payload: Buffer): void;
  /** The device is connected and its status is out: the answers it still owes go now. */
  connected(device: FleetDevice<D>): void;
}

export function fleetTasks<D>(hooks: TaskHooks<D>): FleetTasks<D> {
  const online = (device: FleetDevice<D>) => device.phase === "online" && device.client !== null;

  /** Sends the result now if the device is online; otherwise on its next connection. */
  function answer(device: FleetDevice<D>, record: TaskRecord): Promise<void> {
    if (!online(device)) return Promise.resolve();
    return hooks.publish(device, "task-result", record.result).then(
      () => void (record.sent = true),
      () => {},
    );
  }

  function progress(device: FleetDevice<D>, id: string, stage: TaskStage) {
    if (!online(device)) return;
    const message: TaskProgressMessage = { v: DEVICE_PROTOCOL_VERSION, id, stage };
    void hooks.publish(device, "task-progress", message).catch(() => {});
  }

  async function run(device: FleetDevice<D>, task: TaskMessage, record: TaskRecord) {
    let outcome: TaskOutcome;
    try {
      outcome = await hooks.runners(device)[task.action](task, {
        progress: (stage) => progress(device, task.id, stage),
        signal: hooks.signal,
      });
    } catch (err) {
      // Stopped halfway: the task stays the server's to send again.
      if (hooks.signal.aborted) return;
      outcome = { ok: false, message: `The task failed: ${(err as Error).message}` };
    }
    record.result = taskResult(task.id, outcome.ok, outcome.message, outcome.firmware);
    if (outcome.firmware) hooks.installed(device, outcome.firmware);
    const restart = outcome.restart;
    if (!restart) return answer(device, record);
    if (restart.answerWhenBack) return hooks.restart(device, restart);
    // A reboot answers first: once away, it could not.
    await answer(device, record);
    hooks.restart(device, restart);
  }

  return {
    received(device, payload) {
      const parsed = parseTask(payload);
      if (!parsed.ok) {
        if (!parsed.id) return;
        const refused = taskResult(parsed.id, false, parsed.message);
        return void hooks.publish(device, "task-result", refused).catch(() => {});
      }
      const { task } = parsed;
      const seen = device.tasks.find((record) => record.id === task.id);
      if (seen) {
        if (seen.result) void answer(device, seen);
        return;
      }
      const record: TaskRecord = { id: task.id, result: null, sent: false };
      if (device.tasks.push(record) > REMEMBERED) device.tasks.shift();
      hooks.started();
      void run(device, task, record);
    },
    connected(device) {
      for (const record of device.tasks) {
        if (record.result && !record.sent) void answer(device, record);
      }
    },
  };
}
