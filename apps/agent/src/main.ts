/**
 * netfleet-agent: `simulate` runs a fleet of virtual devices, `run` reports this host.
 * Prints one progress line every few seconds rather than a line per device, and on
 * SIGINT or SIGTERM lets every device say offline before it exits.
 */
import { type Command, USAGE, UsageError, parseCommand } from "./cli";
import { EnrolRefused } from "./enrol";
import type { Fleet } from "./fleet";
import { HostError } from "./host";
import { count, hostLine, progressLine } from "./progress";
import { runHost } from "./run";
import { simulate } from "./simulate";
import { StateFileError } from "./state-file";

const out = (line: string) => process.stdout.write(`${line}\n`);
const fail = (line: string) => process.stderr.write(`netfleet-agent: ${line}\n`);

function start(command: Exclude<Command, { command: "help" }>): Fleet<unknown> {
  return command.command === "simulate" ? simulate(command) : runHost(command);
}

async function main() {
  let command: Command;
  try {
    command = parseCommand(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    fail(`${err.message}\nRun netfleet-agent --help for the options.`);
    process.exit(2);
  }
  if (command.command === "help") return out(USAGE);

  let fleet: Fleet<unknown>;
  try {
    fleet = start(command);
  } catch (err) {
    if (!(err instanceof StateFileError) && !(err instanceof HostError)) throw err;
    fail(err.message);
    process.exit(1);
  }

  let published = 0;
  let at = Date.now();
  let ticks = 0;
  let lastLine = "";
  const progress = setInterval(() => {
    const stats = fleet.stats();
    if (command.command === "run") {
      // A single host speaks when its connection changes, not every few seconds.
      const line = hostLine(fleet.devices[0]!, stats);
      if (line !== lastLine) out(line);
      lastLine = line;
      return;
    }
    if (++ticks % 5 !== 0) return;
    const now = Date.now();
    const line = progressLine(stats, ((stats.published - published) * 1000) / (now - at));
    published = stats.published;
    at = now;
    out(
      line + (stats.lastProblem && stats.online < stats.devices ? ` (${stats.lastProblem})` : ""),
    );
  }, 1_000);

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) process.exit(code || 130);
    stopping = true;
    clearInterval(progress);
    out("netfleet-agent: stopping; devices say offline and disconnect");
    await fleet.stop();
    const stats = fleet.stats();
    const devices = `${count(stats.devices)} device${stats.devices === 1 ? "" : "s"}`;
    out(`netfleet-agent: stopped ${devices}, ${count(stats.published)} heartbeats sent`);
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));
  void fleet.fatal.then((err) => {
    fail(
      err instanceof EnrolRefused && err.source === "token"
        ? `${err.message} (--token)`
        : `enrolment refused: ${err.message}`,
    );
    void stop(1);
  });
}

main().catch((err: unknown) => {
  fail(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
