import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { WIRE } from "@netfleet/contracts/constants";

/**
 * Real server processes for tests that need more than one (the compiled server, as
 * `npm start` runs it), and the outside services CI provides. A service that is not configured is undefined.
 */
export const testServices = {
  /** postgres://… of a server where tests may create and drop databases. */
  databaseUrl: process.env.TEST_DATABASE_URL,
  /** redis://… */
  redisUrl: process.env.TEST_REDIS_URL,
};

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

let built = false;

/** Builds the compiled server (apps/server/dist) when it is older than its sources, once. */
export function ensureServerBuilt(): void {
  if (built) return;
  const build = spawnSync(process.execPath, ["scripts/ensure-built.mjs", "server"], {
    cwd: repoRoot,
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`building failed:\n${build.stdout}\n${build.stderr}`);
  built = true;
}

/** The environment scripts/start.mjs adds for the server (glibc's malloc settings). */
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: "131072" };

/** Node's arguments for the server as scripts/start.mjs runs it, from the repository root. */
export function serverArgs(): string[] {
  ensureServerBuilt();
  return ["--max-semi-space-size=8", "apps/server/dist/main.js"];
}

/** One server process, with its output kept for the failure message. */
export class ServerProcess {
  readonly url: string;
  private output = "";
  private exited: number | null | undefined;
  private readonly child: ChildProcess;

  constructor(port: number, env: Record<string, string>) {
    this.url = `http://127.0.0.1:${port}`;
    this.child = spawn(process.execPath, serverArgs(), {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        MQTT_PORT: "0",
        ...SERVER_ENV,
        ...env,
        PORT: String(port),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-4000));
    this.child.stdout?.on("data", keep);
    this.child.stderr?.on("data", keep);
    this.child.once("exit", (code) => (this.exited = code));
  }

  /**
   * A server that started on a free port. A port free when picked can be taken before the
   * server binds it (by another process's connection); then the start is tried again.
   */
  static async started(env: Record<string, string>): Promise<ServerProcess> {
    for (let attempt = 1; ; attempt++) {
      const server = new ServerProcess(await freePort(), env);
      try {
        await server.ready();
        return server;
      } catch (err) {
        if (attempt >= 3 || !server.output.includes("The HTTP port is in use")) throw err;
      }
    }
  }

  /** The exit code once the process ended, and what it printed. */
  async exit(): Promise<{ code: number | null; output: string }> {
    if (this.exited === undefined) await new Promise((r) => this.child.once("exit", r));
    return { code: this.exited ?? this.child.exitCode, output: this.output };
  }

  /** Polls /healthz until the server answers 200; fails at once if the process died. */
  async ready() {
    for (;;) {
      if (this.exited !== undefined)
        throw new Error(`server exited with ${this.exited}:\n${this.output}`);
      const ok = await fetch(`${this.url}/healthz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return;
      await pause(250);
    }
  }

  async stop() {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((r) => this.child.once("exit", r));
    this.child.kill("SIGTERM");
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

/** A browser-like HTTP caller over fetch: keeps cookies and echoes the XSRF cookie. */
export class HttpAgent {
  readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  async request(method: string, url: string, body?: unknown) {
    if (method !== "GET" && !this.cookies.has(WIRE.xsrfCookie))
      await this.request("GET", "/api/app-config");
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        cookie: this.cookieHeader(),
        ...(this.cookies.has(WIRE.xsrfCookie)
          ? { [WIRE.xsrfHeader]: this.cookies.get(WIRE.xsrfCookie)! }
          : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
    return res;
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async signIn(credentials: { email: string; password: string }) {
    const res = await this.request("POST", "/account/sign-in", credentials);
    if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  }
}
