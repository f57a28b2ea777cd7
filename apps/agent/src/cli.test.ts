import { describe, expect, it } from "vitest";
import { UsageError, parseCommand } from "./cli";

const base = ["--server", "http://localhost:8080", "--token", "nf_enr_x"];

function usageError(args: string[]): string {
  try {
    parseCommand(args);
  } catch (err) {
    if (err instanceof UsageError) return err.message;
    throw err;
  }
  throw new Error(`no error for ${args.join(" ")}`);
}

describe("the command line", () => {
  it("reads simulate with its defaults", () => {
    expect(parseCommand(["simulate", ...base])).toEqual({
      command: "simulate",
      server: "http://localhost:8080",
      token: "nf_enr_x",
      state: "./netfleet-agent-state.json",
      interval: 60,
      devices: 10,
      seed: undefined,
      outages: 2,
      failUpdates: 0,
      identity: undefined,
    });
  });

  it("reads every simulate option", () => {
    const command = parseCommand([
      "simulate",
      "--server",
      "https://console.example.com/",
      "--token",
      "t",
      "--devices",
      "10000",
      "--state",
      "fleet.json",
      "--interval",
      "15",
      "--seed",
      "7",
      "--outages",
      "0",
      "--fail-updates",
      "12.5",
    ]);
    expect(command).toMatchObject({
      server: "https://console.example.com",
      devices: 10_000,
      state: "fleet.json",
      interval: 15,
      seed: 7,
      outages: 0,
      failUpdates: 12.5,
    });
  });

  it("runs exactly one device with a given serial and MAC, the MAC normalised", () => {
    const command = parseCommand([
      "simulate",
      ...base,
      "--serial",
      "1100012345",
      "--mac",
      "00-1e-42-aa-bb-cc",
      "--model",
      "RUTX11",
    ]);
    expect(command).toMatchObject({
      devices: 1,
      identity: { serial: "1100012345", mac: "00:1E:42:AA:BB:CC", model: "RUTX11" },
    });
  });

  it("reads run, refusing reboots unless allowed", () => {
    expect(parseCommand(["run", ...base])).toMatchObject({ command: "run", allowReboot: false });
    expect(parseCommand(["run", ...base, "--allow-reboot"])).toMatchObject({ allowReboot: true });
  });

  it("answers help for --help, -h and help", () => {
    for (const args of [["--help"], ["-h"], ["help"], ["simulate", "--help"]]) {
      expect(parseCommand(args)).toEqual({ command: "help" });
    }
  });

  it.each([
    [[], "name a command: simulate or run"],
    [["start", ...base], 'unknown command "start"'],
    [["simulate", "--token", "t"], "--server is required, e.g. --server http://localhost:8080"],
    [
      ["simulate", "--server", "localhost:8080", "--token", "t"],
      '--server must be an http:// or https:// address, not "localhost:8080"',
    ],
    [
      ["simulate", "--server", "ftp://x", "--token", "t"],
      '--server must be an http:// or https:// address, not "ftp://x"',
    ],
    [["simulate", "--server", "http://x"], "--token is required: the company's enrolment token"],
    [["simulate", ...base, "--devices", "0"], "--devices must be between 1 and 100000, not 0"],
    [["simulate", ...base, "--devices", "ten"], '--devices must be a whole number, not "ten"'],
    [["simulate", ...base, "--devices", "2.5"], '--devices must be a whole number, not "2.5"'],
    [["simulate", ...base, "--interval", "0"], "--interval must be between 1 and 86400, not 0"],
    [["simulate", ...base, "--serial", "1100012345"], "--serial needs --mac as well"],
    [["simulate", ...base, "--mac", "00:1E:42:00:00:01"], "--mac needs --serial as well"],
    [
      ["simulate", ...base, "--serial", "1100012345", "--mac", "00:1E:42"],
      '--mac "00:1E:42": a MAC such as 00:1E:42:12:34:56',
    ],
    [
      ["simulate", ...base, "--serial", "no spaces", "--mac", "00:1E:42:00:00:01"],
      '--serial "no spaces": 4 to 32 letters, digits or dashes',
    ],
    [
      [
        "simulate",
        ...base,
        "--serial",
        "1100012345",
        "--mac",
        "00:1E:42:00:00:01",
        "--devices",
        "3",
      ],
      "--serial and --mac run exactly one device",
    ],
    [
      ["simulate", ...base, "--model", "RUTX11"],
      "--model names the model of --serial; a generated fleet draws its own",
    ],
    [["simulate", ...base, "--allow-reboot"], "--allow-reboot belongs to run"],
    [["run", ...base, "--devices", "3"], "--devices belongs to simulate"],
    [["run", ...base, "--fail-updates", "5"], "--fail-updates belongs to simulate"],
    [
      ["simulate", ...base, "--fail-updates", "101"],
      "--fail-updates must be between 0 and 100, not 101",
    ],
    [["simulate", ...base, "--colour", "red"], "unknown option --colour"],
    [["simulate", ...base, "--devices"], "--devices needs a value"],
    [["simulate", ...base, "extra"], 'unexpected argument "extra"'],
  ])("refuses %j: %s", (args, message) => {
    expect(usageError(args)).toBe(message);
  });
});
