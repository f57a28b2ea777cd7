import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  installedFirmware,
  type TaskFile,
  type TaskMessage,
  type TaskStage,
  taskResultMessageSchema,
} from "@netfleet/contracts/device-protocol";
import { type FileServer, startFileServer } from "./file-server.test-kit";
import {
  type SimulatedTasks,
  type TaskRunners,
  hostRunners,
  parseTask,
  simulatedRunners,
  taskResult,
} from "./handlers";

/** Runs one task on runners, noting the stages it reports. */
async function run(runners: TaskRunners, action: TaskMessage["action"], file?: TaskFile) {
  const stages: TaskStage[] = [];
  const context = {
    progress: (stage: TaskStage) => stages.push(stage),
    signal: new AbortController().signal,
  };
  const outcome = await runners[action](
    { v: 1, id: "t-1", action, ...(file && { file }) },
    context,
  );
  return { outcome, stages };
}

const simulated = (options: Partial<SimulatedTasks> = {}) =>
  simulatedRunners({ rebootMs: 7_000, installMs: 1, rejectsUpdates: false, ...options });

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

  it("is not understood when a firmware update names no file", () => {
    expect(parseTask(JSON.stringify({ v: 1, id: "t-3", action: "firmware_upload" }))).toEqual({
      ok: false,
      id: "t-3",
      message: "The task is not one this device understands.",
    });
  });

  it("has no id to answer when it is not JSON", () => {
    expect(parseTask("{")).toEqual({ ok: false, id: undefined, message: "The task is not JSON." });
  });
});

describe("rebooting", () => {
  it("succeeds on a simulated device, which goes away for the given time", async () => {
    expect((await run(simulated(), "reboot")).outcome).toEqual({
      ok: true,
      message: "Rebooting",
      restart: { afterMs: 7_000 },
    });
  });

  it("is refused on a host unless its owner allowed it", async () => {
    let rebooted = false;
    const refused = await run(
      hostRunners(false, () => (rebooted = true)),
      "reboot",
    );
    expect(refused.outcome).toEqual({
      ok: false,
      message: "Reboot is not allowed on this host: start the agent with --allow-reboot.",
    });
    const allowed = (
      await run(
        hostRunners(true, () => (rebooted = true)),
        "reboot",
      )
    ).outcome;
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

describe("installing a file on a simulated device", () => {
  let files: FileServer;
  const image = randomBytes(300_000);
  beforeAll(async () => (files = await startFileServer()));
  afterAll(() => files.close());

  it("downloads, installs and reboots into the firmware the task names, answering once back", async () => {
    const file = files.offer(image, "RUTX_R_00.07.10.bin", { version: "RUTX_R_00.07.10.2" });
    expect(await run(simulated(), "firmware_upload", file)).toEqual({
      stages: ["downloading", "installing", "rebooting"],
      outcome: {
        ok: true,
        message: "Running RUTX_R_00.07.10.2",
        firmware: "RUTX_R_00.07.10.2",
        restart: { afterMs: 7_000, answerWhenBack: true },
      },
    });
  });

  it("names the firmware after the file when the task gives no version, as the server expects", () => {
    const file = { url: "http://x/", sha256: "0".repeat(64), size: 1 };
    expect(installedFirmware({ ...file, name: "RUT9_R_00.07.11.bin" })).toBe("RUT9_R_00.07.11");
    expect(installedFirmware({ ...file, name: "RUTX_R_00.07.06.1_WEBUI.bin" })).toBe(
      "RUTX_R_00.07.06.1",
    );
    // A version's own dots stay: an extension starts with a letter.
    expect(installedFirmware({ ...file, name: "TRB1_R_00.07.08" })).toBe("TRB1_R_00.07.08");
    expect(installedFirmware({ ...file, name: "backup.tar.gz" })).toBe("backup");
    expect(installedFirmware({ ...file, name: "image", version: "" })).toBe("image");
  });

  it("installs nothing and keeps its firmware when the bytes do not match the checksum", async () => {
    const corrupt = Buffer.from(image);
    corrupt[1_000] = corrupt[1_000]! ^ 1;
    const file = files.offer(image, "RUTX_R_00.07.10.bin", { served: corrupt });
    expect(await run(simulated(), "firmware_upload", file)).toEqual({
      stages: ["downloading"],
      outcome: { ok: false, message: "The file's checksum does not match; nothing was installed." },
    });
  });

  it("installs nothing when the file is shorter or longer than the task says", async () => {
    for (const size of [image.length - 1, image.length + 1]) {
      const file = { ...files.offer(image, "fw.bin"), size };
      expect((await run(simulated(), "firmware_upload", file)).outcome).toEqual({
        ok: false,
        message: "The file's checksum does not match; nothing was installed.",
      });
    }
  });

  it("names the HTTP status when the download is refused (a link used twice)", async () => {
    const file = files.offer(image, "fw.bin");
    await run(simulated(), "firmware_upload", file);
    expect((await run(simulated(), "firmware_upload", file)).outcome).toEqual({
      ok: false,
      message: "The download failed: HTTP 410",
    });
  });

  it("fails at installing, keeping its firmware, when it rejects updates", async () => {
    const file = files.offer(image, "fw.bin", { version: "RUTX_R_00.07.10.2" });
    expect(await run(simulated({ rejectsUpdates: true }), "firmware_upload", file)).toEqual({
      stages: ["downloading", "installing"],
      outcome: { ok: false, message: "Installation failed: the device rejected the image." },
    });
  });

  it("applies a configuration without rebooting", async () => {
    const file = files.offer(Buffer.from("config"), "backup.tar.gz");
    expect(await run(simulated(), "config_upload", file)).toEqual({
      stages: ["downloading", "installing"],
      outcome: { ok: true, message: "Configuration applied" },
    });
  });

  it("answers with a result the protocol accepts, naming the firmware it runs", () => {
    const result = taskResult("t-1", true, "Running RUTX_R_00.07.10.2", "RUTX_R_00.07.10.2");
    expect(result).toMatchObject({ ok: true, firmware: "RUTX_R_00.07.10.2" });
    expect(taskResultMessageSchema.parse(result)).toEqual(result);
  });
});

describe("a real host", () => {
  it("installs neither firmware nor configuration files, and downloads nothing", async () => {
    const file = { url: "http://127.0.0.1:9/never", sha256: "0".repeat(64), size: 1, name: "x" };
    for (const action of ["firmware_upload", "config_upload"] as const) {
      expect(
        await run(
          hostRunners(true, () => {}),
          action,
          file,
        ),
      ).toEqual({
        stages: [],
        outcome: {
          ok: false,
          message: "This host does not install firmware or configuration files.",
        },
      });
    }
  });
});
