/**
 * Turns of the HTTP load generator (bench/load-http.mjs) against a server, and the pairing of
 * Netfleet's turns with a peer's: the two answer in turns, who goes first alternating so
 * that neither always meets a warmer cache, and the ratio printed is the median of the
 * per-turn throughput ratios with its spread. Where `taskset` exists the servers (this
 * process) run on the first CPU and the load generator on the second.
 */
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";

export interface Turn {
  p50: number;
  p99: number;
  max: number;
  rps: number;
}

export interface TurnOptions {
  port: number;
  path: string;
  headers?: Record<string, string>;
  requests: number;
  concurrency: number;
  warmup?: number;
}

/** The machine's CPUs, counted before this process is pinned to one of them. */
export const CPUS = os.availableParallelism();

export function machine() {
  return {
    cpus: CPUS,
    model: os.cpus()[0]?.model,
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
  };
}

/** Whether the servers (this process) and the load generator each get a CPU of their own. */
export function pin(): boolean {
  const pinned = CPUS >= 2 && spawnSync("taskset", ["-V"]).status === 0;
  if (pinned) spawnSync("taskset", ["-a", "-pc", "0", String(process.pid)]);
  return pinned;
}

/** One turn of the load generator; throws when an answer was not 200. */
export async function turn(pinned: boolean, options: TurnOptions): Promise<Turn> {
  const script = fileURLToPath(new URL("./load-http.mjs", import.meta.url));
  const args = [script, JSON.stringify({ headers: {}, warmup: 0, ...options })];
  const child = pinned
    ? spawn("taskset", ["-c", "1", process.execPath, ...args], {
        stdio: ["ignore", "pipe", "inherit"],
      })
    : spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  await once(child, "close");
  const result = JSON.parse(out) as Turn & { failed: number };
  if (result.failed > 0) throw new Error(`${options.path}: ${result.failed} answers were not 200`);
  return result;
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export const spread = (values: number[]): Spread => ({
  median: median(values),
  min: Math.min(...values),
  max: Math.max(...values),
});

/** The medians of a side's turns. */
export function summary(turns: Turn[]) {
  return {
    p50: median(turns.map((t) => t.p50)),
    p99: median(turns.map((t) => t.p99)),
    rps: median(turns.map((t) => t.rps)),
  };
}

/** `count` turns, one after another. */
export async function repeat(count: number, ask: () => Promise<Turn>): Promise<Turn[]> {
  const turns: Turn[] = [];
  for (let i = 0; i < count; i++) turns.push(await ask());
  return turns;
}

/** `pairs` turns of each side, interleaved; the per-pair throughput ratios ours / theirs. */
export async function paired(
  pairs: number,
  ours: () => Promise<Turn>,
  theirs: () => Promise<Turn>,
): Promise<{ ours: Turn[]; theirs: Turn[]; ratio: Spread }> {
  const a: Turn[] = [];
  const b: Turn[] = [];
  for (let i = 0; i < pairs; i++) {
    if (i % 2 === 1) b.push(await theirs());
    a.push(await ours());
    if (i % 2 === 0) b.push(await theirs());
  }
  return { ours: a, theirs: b, ratio: spread(a.map((t, i) => t.rps / b[i]!.rps)) };
}

const ms = (value: number) => value.toFixed(1).padStart(6);

export function turnLine(t: { p50: number; p99: number; rps: number }): string {
  return `p50 ${ms(t.p50)} p99 ${ms(t.p99)} ms ${t.rps.toFixed(0).padStart(6)}/s`;
}

export function ratioLine(r: Spread): string {
  return `${r.median.toFixed(2)} (${r.min.toFixed(2)}–${r.max.toFixed(2)})`;
}

/** Writes a bench's figures to bench/results/<name>.json, with when and where they came from. */
export function writeResults(name: string, figures: Record<string, unknown>) {
  const dir = fileURLToPath(new URL("./results/", import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    `${dir}${name}.json`,
    JSON.stringify({ at: new Date().toISOString(), machine: machine(), ...figures }, null, 2) +
      "\n",
  );
}
