import { spawn } from "node:child_process";
import os from "node:os";
import type { RunCommand } from "./cli";
import { type Fleet, startFleet } from "./fleet";
import { hostRunners } from "./handlers";
import { hostFirmware, hostIdentity, hostStatus, hostTelemetry } from "./host";
import { type AgentState, StateFileError, readState, sameServer } from "./state-file";

/** Reboots the machine: systemd's way first, the classic command where there is none. */
function rebootHost() {
  const attempt = (command: string, args: string[], otherwise?: () => void) =>
    spawn(command, args, { stdio: "inherit" })
      .on("error", () => otherwise?.())
      .on("exit", (code) => {
        if (code !== 0) otherwise?.();
      });
  attempt("systemctl", ["reboot"], () =>
    attempt("reboot", [], () => process.stderr.write("netfleet-agent: the reboot failed\n")),
  );
}

/** Enrols this host once (kept in the state file) and reports it until stopped. */
export function runHost(options: Omit<RunCommand, "command">): Fleet<null> {
  const saved = readState(options.state);
  if (saved && !sameServer(saved.server, options.server)) {
    throw new StateFileError(
      `${options.state} holds a device enrolled at ${saved.server}; give another --state for ${options.server}`,
    );
  }
  const state: AgentState = saved ?? {
    version: 1,
    server: options.server,
    seed: 0,
    devices: [],
  };
  const identity = hostIdentity();
  return startFleet<null>({
    server: options.server,
    token: options.token,
    stateFile: options.state,
    state,
    devices: [{ identity, data: null, bootAt: Date.now() - os.uptime() * 1000 }],
    behaviour: {
      status: () => hostStatus(),
      telemetry: (_device, nowMs) => hostTelemetry(nowMs),
      tasks: () => hostRunners(options.allowReboot, rebootHost),
      nextOutage: () => Infinity,
      outageLength: () => 0,
      firmware: () => hostFirmware(),
    },
    intervalSeconds: options.interval,
    // One device: the tick only has to be as fine as a second.
    tickMs: 1_000,
  });
}
