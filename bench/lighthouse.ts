/**
 * FE-2: Lighthouse (desktop preset, performance only) on the device list, signed in, beside the
 * react-admin peer of FE-1 (bench/frontend.ts), each served by the real server the same way
 * (precompressed files, as in production). Every run gets a fresh Debian Chromium with an
 * empty profile; the two sides take turns, who goes first alternating, and the ratios printed
 * are the medians of the per-pair ratios with their spread. One run of each side before the
 * pairs is not counted: it warms the servers, not the browser. Lighthouse itself is pinned and
 * installed in bench/.cache, never in the project; nothing leaves this machine.
 *
 *   npm run bench:lighthouse
 *   LIGHTHOUSE_PAIRS=9 FRONTEND_DIST=/tmp/dist npm run bench:lighthouse
 *
 * The targets: LCP ≤ 1.0 s and TBT ≤ 150 ms. When Netfleet misses one, what Lighthouse blames
 * (the LCP element and its phases, long tasks, render-blocking requests) is printed and kept
 * in bench/results/lighthouse.json, and the whole report of the run with the median LCP in
 * bench/results/lighthouse-netfleet.report.json (opens in the Lighthouse viewer).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { pause } from "../apps/server/src/test/server-process";
import { precompress } from "../apps/web/precompress";
import {
  buildPeer,
  dist,
  installInCache,
  repoRoot,
  run,
  signIn,
  startServer,
  webDist,
} from "./frontend";
import { median, ratioLine, type Spread, spread, writeResults } from "./http-turns";
import journeys from "../e2e/playwright.config";

const PAIRS = Number(process.env.LIGHTHOUSE_PAIRS ?? 5);
const TARGETS = { lcpMs: 1000, tbtMs: 150 };
const lighthouseDir = path.join(repoRoot, "bench/.cache/lighthouse");
const LIGHTHOUSE_PACKAGE = {
  name: "lighthouse-runner",
  private: true,
  type: "module",
  dependencies: { lighthouse: "13.5.0" },
};

/**
 * The journeys' flags (e2e/playwright.config.ts), headless; names other than this machine's
 * do not resolve, so nothing on the page can reach out.
 */
const CHROMIUM_FLAGS = [
  "--headless=new",
  ...(journeys.use?.launchOptions?.args ?? []),
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
];

/** The little of Lighthouse's report this bench reads. */
interface Audit {
  title: string;
  score: number | null;
  numericValue?: number;
  displayValue?: string;
  details?: { type: string; items?: Record<string, unknown>[]; [key: string]: unknown };
}
interface Report {
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
  /** How fast this machine ran Lighthouse's own little CPU benchmark. */
  environment: { benchmarkIndex: number };
  categories: { performance: { score: number | null } };
  audits: Record<string, Audit>;
}
interface LighthouseModule {
  default: (
    url: string,
    flags: Record<string, unknown>,
    config: unknown,
  ) => Promise<{ lhr: Report } | undefined>;
  desktopConfig: unknown;
}

interface Cookie {
  name: string;
  value: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: "Strict" | "Lax" | "None";
}

interface Run {
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  /** What the browser saw, unthrottled; Lighthouse's LCP above is simulated from it. */
  observedLcpMs: number;
  bytesKb: number;
  score: number;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Chromium with an empty profile, listening for DevTools on a free port. */
async function launchChromium() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-bench-lighthouse-"));
  const child: ChildProcess = spawn(
    "/usr/bin/chromium",
    [...CHROMIUM_FLAGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    { stdio: "ignore" },
  );
  // Chromium writes its port and the browser's DevTools path there once it listens.
  const portFile = path.join(profile, "DevToolsActivePort");
  let lines: string[] = [];
  for (const began = Date.now(); lines.length < 2 || !lines[1]; await pause(100)) {
    if (child.exitCode !== null) throw new Error(`chromium exited with ${child.exitCode}`);
    if (Date.now() - began > 30_000) throw new Error("chromium did not open its DevTools port");
    if (fs.existsSync(portFile)) lines = fs.readFileSync(portFile, "utf8").split("\n");
  }
  return {
    port: Number(lines[0]),
    endpoint: `ws://127.0.0.1:${lines[0]}${lines[1]}`,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, "exit");
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

/** Gives the browser the session's cookies, as if it had signed in itself. */
async function setCookies(endpoint: string, url: string, cookies: Cookie[]) {
  const socket = new WebSocket(endpoint);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const reply = new Promise<{ error?: { message: string } }>((resolve) => {
    socket.onmessage = (event) =>
      resolve(JSON.parse(String(event.data)) as { error?: { message: string } });
  });
  socket.send(
    JSON.stringify({
      id: 1,
      method: "Storage.setCookies",
      params: {
        cookies: cookies.map((c) => ({
          name: c.name,
          value: c.value,
          url,
          path: c.path,
          httpOnly: c.httpOnly,
          secure: c.secure,
          sameSite: c.sameSite,
          ...(c.expires > 0 ? { expires: c.expires } : {}),
        })),
      },
    }),
  );
  const { error } = await reply;
  socket.close();
  if (error) throw new Error(`Storage.setCookies: ${error.message}`);
}

/**
 * One Lighthouse run in a fresh browser. A run whose trace came out unusable (Lighthouse's
 * NO_NAVSTART, now and then on a busy machine) is run again, once.
 */
async function lighthouseOnce(
  lighthouse: LighthouseModule,
  url: string,
  cookies: () => Promise<Cookie[]>,
  retry = true,
): Promise<Report> {
  const chromium = await launchChromium();
  let lhr: Report | undefined;
  try {
    const jar = await cookies();
    if (jar.length > 0) await setCookies(chromium.endpoint, new URL(url).origin, jar);
    const result = await lighthouse.default(
      url,
      { port: chromium.port, logLevel: "error", output: "json", onlyCategories: ["performance"] },
      lighthouse.desktopConfig,
    );
    lhr = result?.lhr;
  } finally {
    await chromium.close();
  }
  if (!lhr) throw new Error(`Lighthouse gave no report for ${url}`);
  if (!lhr.runtimeError) return lhr;
  if (!retry) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  process.stdout.write(`Lighthouse ${lhr.runtimeError.code} on ${url}, running it again\n`);
  return lighthouseOnce(lighthouse, url, cookies, false);
}

function figures(lhr: Report): Run {
  const value = (id: string) => {
    const v = lhr.audits[id]?.numericValue;
    if (v === undefined) throw new Error(`Lighthouse did not measure ${id}`);
    return v;
  };
  const observed = lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint;
  return {
    lcpMs: Math.round(value("largest-contentful-paint")),
    tbtMs: Math.round(value("total-blocking-time")),
    fcpMs: Math.round(value("first-contentful-paint")),
    observedLcpMs: typeof observed === "number" ? Math.round(observed) : NaN,
    bytesKb: kb(value("total-byte-weight")),
    score: lhr.categories.performance.score ?? 0,
  };
}

/** Every request of the run went to the server under test; throws otherwise. */
function onlyLocal(lhr: Report, origin: string) {
  const away = (lhr.audits["network-requests"]?.details?.items ?? [])
    .map((item) => String(item.url))
    .filter((u) => !u.startsWith(origin) && !/^(data|blob|about|chrome):/.test(u));
  if (away.length > 0) throw new Error(`requests left the machine: ${away.join(", ")}`);
}

/**
 * What Lighthouse holds against the page: the LCP element and where its time went, the long
 * tasks, the requests that block the first render, the scripts that keep the main thread busy.
 */
function blame(lhr: Report) {
  const items = (id: string) => lhr.audits[id]?.details?.items ?? [];
  const ms = (v: unknown) => Math.round(Number(v));
  // The breakdown insight is a list: a table of the LCP's subparts, then the element.
  const lcpParts = items("lcp-breakdown-insight");
  const element = lcpParts.find((part) => part.type === "node");
  const phases = (lcpParts.find((part) => part.type === "table")?.items ?? []) as {
    label: string;
    duration: number;
  }[];
  return {
    lcpElement: element
      ? { label: String(element.nodeLabel), selector: String(element.selector) }
      : null,
    lcpPhasesMs: Object.fromEntries(phases.map((p) => [p.label, ms(p.duration)])) as Record<
      string,
      number
    >,
    longTasks: items("long-tasks")
      .slice(0, 8)
      // Not "duration": bench/suite.ts reads any key holding "ratio" as a ratio.
      .map((t) => ({ url: t.url, startMs: ms(t.startTime), ms: ms(t.duration) })),
    renderBlocking: items("render-blocking-insight").map((r) => ({
      url: r.url,
      kb: kb(Number(r.totalBytes)),
      ms: ms(r.wastedMs),
    })),
    bootup: items("bootup-time")
      .slice(0, 5)
      .map((t) => ({ url: t.url, scriptingMs: ms(t.scripting), totalMs: ms(t.total) })),
    mainThreadMs: Object.fromEntries(
      items("mainthread-work-breakdown").map((t) => [String(t.groupLabel), ms(t.duration)]),
    ) as Record<string, number>,
  };
}

function printBlame(b: ReturnType<typeof blame>, origin: string) {
  const short = (url: unknown) => String(url).replace(origin, "");
  console.log("\nwhat Lighthouse blames, in the Netfleet run with the median LCP:");
  if (b.lcpElement) console.log(`  LCP element: ${b.lcpElement.label} (${b.lcpElement.selector})`);
  for (const [phase, ms] of Object.entries(b.lcpPhasesMs)) console.log(`    ${phase}: ${ms} ms`);
  console.log("  long tasks:");
  for (const t of b.longTasks)
    console.log(`    ${String(t.ms).padStart(5)} ms at ${t.startMs} ms  ${short(t.url)}`);
  console.log("  render-blocking:");
  for (const r of b.renderBlocking) console.log(`    ${r.ms} ms, ${r.kb} KB  ${short(r.url)}`);
  console.log("  main thread by script:");
  for (const t of b.bootup)
    console.log(
      `    ${String(t.totalMs).padStart(5)} ms, ${t.scriptingMs} scripting  ${short(t.url)}`,
    );
  console.log(
    `  main thread by kind: ${Object.entries(b.mainThreadMs)
      .map(([kind, ms]) => `${kind} ${ms}`)
      .join(", ")} (ms)`,
  );
}

function medians(runs: Run[]): Run {
  const of = (key: keyof Run) => median(runs.map((r) => r[key]));
  return {
    lcpMs: of("lcpMs"),
    tbtMs: of("tbtMs"),
    fcpMs: of("fcpMs"),
    observedLcpMs: of("observedLcpMs"),
    bytesKb: of("bytesKb"),
    score: of("score"),
  };
}

/** Per-pair ratios ours / theirs; null when the peer measured 0 in any pair (TBT often is). */
function ratio(ours: Run[], theirs: Run[], key: keyof Run): Spread | null {
  if (theirs.some((r) => r[key] === 0)) return null;
  const values = ours.map((r, i) => Math.round((r[key] / theirs[i]![key]) * 100) / 100);
  return spread(values);
}

async function main() {
  if (dist === webDist) run("npm", ["run", "build", "-w", "@netfleet/web"], repoRoot);
  else await precompress(dist);
  installInCache(lighthouseDir, LIGHTHOUSE_PACKAGE);
  const lighthouse = (await import(
    pathToFileURL(path.join(lighthouseDir, "node_modules/lighthouse/core/index.js")).href
  )) as LighthouseModule;
  const peerDist = buildPeer();
  await precompress(peerDist);

  const netfleetServer = await startServer(dist, true);
  const peerServer = await startServer(peerDist, false);
  try {
    const benchmarks: number[] = [];
    const sides = {
      // Signed in afresh for each run: the session cookie lives 15 minutes.
      netfleet: {
        url: `${netfleetServer.url}/management/devices`,
        cookies: async () => (await signIn(netfleetServer.url)).cookies,
      },
      peer: { url: `${peerServer.url}/`, cookies: async (): Promise<Cookie[]> => [] },
    };
    const measure = async (side: keyof typeof sides) => {
      const { url, cookies } = sides[side];
      const lhr = await lighthouseOnce(lighthouse, url, cookies);
      benchmarks.push(lhr.environment.benchmarkIndex);
      onlyLocal(lhr, new URL(url).origin);
      if (side === "netfleet" && !lhr.finalDisplayedUrl.startsWith(url))
        throw new Error(`the device list was not shown, the page went to ${lhr.finalDisplayedUrl}`);
      return lhr;
    };

    process.stdout.write("warming the servers: one run of each, not counted\n");
    await measure("netfleet");
    await measure("peer");

    const reports: Report[] = [];
    const ours: Run[] = [];
    const theirs: Run[] = [];
    for (let i = 0; i < PAIRS; i++) {
      if (i % 2 === 1) theirs.push(figures(await measure("peer")));
      const lhr = await measure("netfleet");
      reports.push(lhr);
      ours.push(figures(lhr));
      if (i % 2 === 0) theirs.push(figures(await measure("peer")));
      const [a, b] = [ours[i]!, theirs[i]!];
      process.stdout.write(
        `pair ${i + 1}/${PAIRS}: LCP ${a.lcpMs} / ${b.lcpMs} ms, TBT ${a.tbtMs} / ${b.tbtMs} ms\n`,
      );
    }

    const netfleet = medians(ours);
    const peer = medians(theirs);
    const ratios = {
      lcp_ratio: ratio(ours, theirs, "lcpMs"),
      tbt_ratio: ratio(ours, theirs, "tbtMs"),
      fcp_ratio: ratio(ours, theirs, "fcpMs"),
      bytes_ratio: ratio(ours, theirs, "bytesKb"),
    };
    // The report of the run whose LCP is the median one, for the blame and the viewer.
    const typical = reports[ours.findIndex((r) => r.lcpMs === netfleet.lcpMs)]!;
    const misses = {
      lcp: netfleet.lcpMs > TARGETS.lcpMs,
      tbt: netfleet.tbtMs > TARGETS.tbtMs,
    };

    const cell = (v: number | string) => String(v).padStart(12);
    const line = (label: string, key: keyof Run, r: Spread | null) =>
      `${label.padEnd(26)}${cell(netfleet[key])}${cell(peer[key])}   ${r ? ratioLine(r) : "–"}`;
    console.log(
      `\nLighthouse, desktop, medians of ${PAIRS} pairs\n${"".padEnd(26)}${cell("Netfleet")}${cell("react-admin")}   Netfleet / react-admin, per pair`,
    );
    console.log(line("LCP, ms", "lcpMs", ratios.lcp_ratio));
    console.log(line("TBT, ms", "tbtMs", ratios.tbt_ratio));
    console.log(line("FCP, ms", "fcpMs", ratios.fcp_ratio));
    console.log(line("total byte weight, KB", "bytesKb", ratios.bytes_ratio));
    console.log(line("LCP observed, ms", "observedLcpMs", null));
    console.log(line("performance score", "score", null));
    console.log(
      `\ntargets: LCP ≤ ${TARGETS.lcpMs} ms ${misses.lcp ? "MISSED" : "met"}, ` +
        `TBT ≤ ${TARGETS.tbtMs} ms ${misses.tbt ? "MISSED" : "met"}`,
    );
    const blamed = blame(typical);
    if (misses.lcp || misses.tbt) printBlame(blamed, new URL(typical.finalDisplayedUrl).origin);
    console.log(
      `\nthe machine: load average ${os.loadavg()[0]!.toFixed(1)}, Lighthouse's benchmark index ` +
        `${median(benchmarks)} (desktop runs do not slow the CPU down: a busy machine raises TBT)`,
    );

    writeResults("lighthouse", {
      lighthouse: LIGHTHOUSE_PACKAGE.dependencies.lighthouse,
      chromium_flags: CHROMIUM_FLAGS,
      pairs: PAIRS,
      targets: TARGETS,
      netfleet,
      peer,
      ...ratios,
      misses,
      load_average: os.loadavg()[0],
      benchmark_index: median(benchmarks),
      blame: blamed,
      per_pair: ours.map((r, i) => ({ netfleet: r, peer: theirs[i] })),
    });
    fs.writeFileSync(
      path.join(repoRoot, "bench/results/lighthouse-netfleet.report.json"),
      `${JSON.stringify(typical)}\n`,
    );
    console.log("\nwritten to bench/results/lighthouse.json");
  } finally {
    await netfleetServer.stop();
    await peerServer.stop();
  }
}

await main();
