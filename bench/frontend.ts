/**
 * What a cold visit of the device list costs the browser: the console is built, served by
 * the real server (precompressed files, as in production) and opened signed in, in
 * Chromium with an empty cache. The JavaScript and CSS that arrive until the rows show and
 * the network is quiet are counted raw, gzip (level 9) and brotli (quality 11), the parts
 * loaded when first used (charts, realtime) apart. The peer is a minimal react-admin
 * app (a list page with a data grid of 25 rows from a fake data provider), built with Vite
 * and served by the same server the same way.
 *
 *   npm run bench:frontend
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type Browser,
  type BrowserContextOptions,
  chromium,
  type Page,
  request,
} from "@playwright/test";
import { freePort, ServerProcess, serverArgs } from "../apps/server/src/test/server-process";
import { precompress } from "../apps/web/precompress";
import journeys from "../e2e/playwright.config";

export const repoRoot = path.resolve(import.meta.dirname, "..");
export const webDist = path.join(repoRoot, "apps/web/dist");
/** A build of the console to compare with instead, e.g. an older one: FRONTEND_DIST=… */
export const dist = process.env.FRONTEND_DIST ? path.resolve(process.env.FRONTEND_DIST) : webDist;
const peerDir = path.join(repoRoot, "bench/.cache/react-admin-peer");
const resultsFile = path.join(repoRoot, "bench/results/frontend.json");
const DEMO = { email: "admin@demo.example.com", password: "Demo-password-1" };

/**
 * Chunks the device list loads once it is up: the charts (ECharts) when first drawn, and,
 * once the page has shown, the realtime client, the toasts' container and the messages the
 * device list does not speak. They are counted apart from the initial load.
 */
const LATER = /\/assets\/(echarts|device-pie|socket-io|toasts|messages-[a-z]+-more)-/;

/** The peer's packages, pinned; installed in bench/.cache, never in the project. */
const PEER_PACKAGE = {
  name: "react-admin-peer",
  private: true,
  type: "module",
  dependencies: {
    "ra-data-fakerest": "5.15.4",
    "react-admin": "5.15.4",
    react: "19.3.1",
    "react-dom": "19.3.1",
  },
  devDependencies: { "@vitejs/plugin-react": "6.3.0", vite: "8.3.8" },
};

const PEER_FILES: Record<string, string> = {
  "index.html": `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>react-admin</title></head>
  <body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body>
</html>
`,
  "vite.config.js": `import react from "@vitejs/plugin-react";
export default { plugins: [react()] };
`,
  "src/main.jsx": `import { createRoot } from "react-dom/client";
import { Admin, Datagrid, DateField, List, Resource, TextField } from "react-admin";
import fakeDataProvider from "ra-data-fakerest";

const devices = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  name: "Router " + (i + 1),
  serial: String(1100000000 + i),
  model: i % 2 ? "RUT241" : "RUTX11",
  status: i % 3 ? "online" : "offline",
  firmware: "RUT2M_R_00.07.06",
  last_seen: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
}));

const DeviceList = () => (
  <List perPage={25}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="name" />
      <TextField source="serial" />
      <TextField source="model" />
      <TextField source="status" />
      <TextField source="firmware" />
      <DateField source="last_seen" showTime />
    </Datagrid>
  </List>
);

createRoot(document.getElementById("root")).render(
  <Admin dataProvider={fakeDataProvider({ devices })} disableTelemetry>
    <Resource name="devices" list={DeviceList} />
  </Admin>,
);
`,
};

interface Loaded {
  url: string;
  kind: "js" | "css";
  later: boolean;
}

interface Sizes {
  files: number;
  rawKb: number;
  gzipKb: number;
  brotliKb: number;
}

interface AppFigures {
  js: Sizes;
  css: Sizes;
  /** JavaScript fetched after the first view, when first used. */
  laterJs: Sizes;
  largestChunk: { file: string; gzipKb: number };
  /** The initial scripts, heaviest first: where the weight is. */
  initialJs: { file: string; gzipKb: number }[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  }
}

/** Raw, gzip and brotli sizes of the files (paths inside `dist`), as the build wrote them. */
function sizes(dist: string, files: string[]): Sizes {
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const full = path.join(dist, file);
    total.raw += fs.statSync(full).size;
    total.gzip += fs.statSync(`${full}.gz`).size;
    total.brotli += fs.statSync(`${full}.br`).size;
  }
  return {
    files: files.length,
    rawKb: kb(total.raw),
    gzipKb: kb(total.gzip),
    brotliKb: kb(total.brotli),
  };
}

/**
 * Opens `url` in a fresh context (empty cache, no service worker) and notes every script
 * and stylesheet the page fetched once `ready` resolved and the network went quiet.
 */
async function visit(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<void>,
  storageState?: BrowserContextOptions["storageState"],
): Promise<Loaded[]> {
  const context = await browser.newContext({ serviceWorkers: "block", storageState });
  const page = await context.newPage();
  const loaded: Loaded[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type !== "script" && type !== "stylesheet") return;
    const { pathname } = new URL(response.url());
    loaded.push({
      url: pathname,
      kind: type === "script" ? "js" : "css",
      later: LATER.test(pathname),
    });
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState("networkidle");
  await context.close();
  return loaded;
}

function figures(dist: string, loaded: Loaded[]): AppFigures {
  const files = (kind: "js" | "css", later: boolean) => [
    ...new Set(loaded.filter((l) => l.kind === kind && l.later === later).map((l) => l.url)),
  ];
  const js = files("js", false);
  const gzipped = (file: string) => ({
    file,
    gzip: fs.statSync(path.join(dist, `${file}.gz`)).size,
  });
  const largest = [...js, ...files("js", true)].map(gzipped).sort((a, b) => b.gzip - a.gzip)[0];
  return {
    js: sizes(dist, js),
    css: sizes(dist, files("css", false)),
    laterJs: sizes(dist, files("js", true)),
    largestChunk: { file: largest?.file ?? "", gzipKb: kb(largest?.gzip ?? 0) },
    initialJs: js
      .map(gzipped)
      .sort((a, b) => b.gzip - a.gzip)
      .map(({ file, gzip }) => ({ file, gzipKb: kb(gzip) })),
  };
}

/** The real server on `dist`, with its own data directory; `seed` fills it with the demo. */
export async function startServer(dist: string, seed: boolean) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-bench-web-"));
  const args = serverArgs();
  if (seed) {
    run(process.execPath, [...args.slice(0, -1), "apps/server/dist/seed-demo.js"], repoRoot, {
      DATA_DIR: dataDir,
    });
  }
  const port = await freePort();
  const server = new ServerProcess(port, {
    DATA_DIR: dataDir,
    WEB_DIST_DIR: dist,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
  });
  await server.ready();
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo administrator's session on the server at `url`: its cookies, as a browser keeps them. */
export async function signIn(url: string) {
  const api = await request.newContext({ baseURL: url });
  try {
    // Answers with the XSRF cookie the sign-in must echo.
    await api.get("/api/app-config");
    const xsrf = (await api.storageState()).cookies.find((c) => c.name === "XSRF-TOKEN");
    const answer = await api.post("/account/sign-in", {
      data: DEMO,
      headers: { "X-XSRF-TOKEN": decodeURIComponent(xsrf?.value ?? "") },
    });
    if (!answer.ok()) throw new Error(`sign-in: ${answer.status()} ${await answer.text()}`);
    return await api.storageState();
  } finally {
    await api.dispose();
  }
}

async function measureNetfleet(browser: Browser, dist: string): Promise<AppFigures> {
  const server = await startServer(dist, true);
  try {
    const state = await signIn(server.url);
    const loaded = await visit(
      browser,
      `${server.url}/management/devices`,
      (page) => page.getByRole("table").getByRole("row").nth(1).waitFor(),
      state,
    );
    return figures(dist, loaded);
  } finally {
    await server.stop();
  }
}

/**
 * Installs the pinned packages of `manifest` in `dir` (under bench/.cache, never in the
 * project), unless that very manifest is installed there already.
 */
export function installInCache(dir: string, manifest: object) {
  fs.mkdirSync(dir, { recursive: true });
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  const manifestFile = path.join(dir, "package.json");
  const installed =
    fs.existsSync(path.join(dir, "node_modules")) &&
    fs.existsSync(manifestFile) &&
    fs.readFileSync(manifestFile, "utf8") === text;
  fs.writeFileSync(manifestFile, text);
  if (!installed) {
    run(
      "npm",
      ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--no-package-lock"],
      dir,
    );
  }
}

/** Installs and builds the peer; throws when its packages cannot be installed. */
export function buildPeer(): string {
  fs.mkdirSync(path.join(peerDir, "src"), { recursive: true });
  for (const [name, text] of Object.entries(PEER_FILES)) {
    fs.writeFileSync(path.join(peerDir, name), text);
  }
  installInCache(peerDir, PEER_PACKAGE);
  const dist = path.join(peerDir, "dist");
  run(process.execPath, [path.join(peerDir, "node_modules/vite/bin/vite.js"), "build"], peerDir);
  return dist;
}

async function measurePeer(browser: Browser, dist: string): Promise<AppFigures> {
  await precompress(dist);
  const server = await startServer(dist, false);
  try {
    const loaded = await visit(browser, `${server.url}/`, (page) =>
      page.locator("tbody tr").nth(24).waitFor(),
    );
    return figures(dist, loaded);
  } finally {
    await server.stop();
  }
}

function row(label: string, s: Sizes) {
  return `${label.padEnd(28)}${String(s.files).padStart(6)}${String(s.rawKb).padStart(10)}${String(s.gzipKb).padStart(10)}${String(s.brotliKb).padStart(10)}`;
}

async function main() {
  // The browser and flags the journeys use (e2e/playwright.config.ts).
  const browser = await chromium.launch(journeys.use?.launchOptions);
  try {
    if (dist === webDist) run("npm", ["run", "build", "-w", "@netfleet/web"], repoRoot);
    else await precompress(dist);
    const netfleet = await measureNetfleet(browser, dist);
    let peer: AppFigures | null = null;
    try {
      peer = await measurePeer(browser, buildPeer());
    } catch (error) {
      console.log(
        `The react-admin peer could not be built: ${(error as Error).message.split("\n")[0]}`,
      );
    }
    console.log(
      `\n${"".padEnd(28)}${"files".padStart(6)}${"raw KB".padStart(10)}${"gzip KB".padStart(10)}${"br KB".padStart(10)}`,
    );
    console.log(row("Netfleet initial JS", netfleet.js));
    console.log(row("Netfleet initial CSS", netfleet.css));
    console.log(row("Netfleet JS loaded later", netfleet.laterJs));
    if (peer) {
      console.log(row("react-admin initial JS", peer.js));
      console.log(row("react-admin initial CSS", peer.css));
    }
    console.log(
      `\nlargest chunk loaded: Netfleet ${netfleet.largestChunk.file} ${netfleet.largestChunk.gzipKb} KB gzip` +
        (peer ? `; react-admin ${peer.largestChunk.file} ${peer.largestChunk.gzipKb} KB gzip` : ""),
    );
    console.log("Netfleet's initial scripts, gzip KB:");
    for (const { file, gzipKb } of netfleet.initialJs) {
      console.log(`  ${String(gzipKb).padStart(7)}  ${file}`);
    }
    const ratio = peer ? Math.round((netfleet.js.gzipKb / peer.js.gzipKb) * 100) / 100 : null;
    if (ratio !== null) console.log(`initial JS, gzip, Netfleet/react-admin: ${ratio}`);
    fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
    fs.writeFileSync(resultsFile, `${JSON.stringify({ netfleet, peer, ratio }, null, 2)}\n`);
    console.log(`\nwritten to ${path.relative(repoRoot, resultsFile)}`);
  } finally {
    await browser.close();
  }
}

if (import.meta.main) await main();
