import { describe, expect, it } from "vitest";
import { taskResultMessageSchema } from "@netfleet/contracts/device-protocol";
import { hostRunners, parseTask, simulatedRunners, taskResult } from "./handlers";

describe("a task sent down to a device", () => {
  it("is read when it is a protocol task", () => {
    expect(parseTask(JSON.stringify({ v: 1, id: "t-1", action: "reboot" }))).toEqual({
      ok: true,
      task: { v: 1, id: "t-1", action: "reboot" },
    });
  });

  it("is answered as impossible, by its id, when the action is unknown", () => {
    expect(parseTask(Buffer.from(JSON.stringify({ v: 1, id: "t-2", action: "format" })))).toEqual({
      ok: false,
      id: "t-2",
      message: 'This device cannot run "format".',
    });
  });

  it("has no id to answer when it is not JSON", () => {
    expect(parseTask("{")).toEqual({ ok: false, id: undefined, message: "The task is not JSON." });
  });
});

describe("rebooting", () => {
  it("succeeds on a simulated device, which goes away for the given time", () => {
    expect(simulatedRunners(7_000).reboot()).toEqual({
      ok: true,
      message: "Rebooting",
      restart: { afterMs: 7_000 },
    });
  });

  it("is refused on a host unless its owner allowed it", () => {
    let rebooted = false;
    const refused = hostRunners(false, () => (rebooted = true)).reboot();
    expect(refused).toEqual({
      ok: false,
      message: "Reboot is not allowed on this host: start the agent with --allow-reboot.",
    });
    const allowed = hostRunners(true, () => (rebooted = true)).reboot();
    expect(allowed).toMatchObject({ ok: true, restart: { afterMs: 60_000 } });
    // The command runs only once the answer is out, which the runtime decides.
    expect(rebooted).toBe(false);
    allowed.restart!.run!();
    expect(rebooted).toBe(true);
  });

  it("answers with a result the protocol accepts", () => {
    const result = taskResult("t-1", false, "Reboot is not allowed");
    expect(taskResultMessageSchema.parse(result)).toEqual(result);
  });
});
