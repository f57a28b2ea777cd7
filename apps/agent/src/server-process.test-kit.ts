import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { WIRE } from "@netfleet/contracts/constants";

/**
 * A real Netfleet server for the agent's integration tests: `node apps/server/src/main.ts`
 * in its own process on a fresh embedded database (the agent may not import the server;
 * it meets it the way devices do, over HTTP and MQTT), and a signed-in administrator.
 */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export const ADMIN = { email: "admin@example.com", password: "Agent-test-password-1" };

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

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` until `done` holds, answering the last value either way after `ms`. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 10_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await pause(100);
  }
}

export class TestServer {
  readonly url: string;
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-agent-server-"));
  private output = "";
  private child!: ChildProcess;
  private exited: number | null | undefined;
  private readonly cookies = new Map<string, string>();

  private constructor(private readonly port: number) {
    this.url = `http://127.0.0.1:${port}`;
  }

  static async start(): Promise<TestServer> {
    const server = new TestServer(await freePort());
    await server.launch();
    return server;
  }

  private async launch() {
    this.exited = undefined;
    // Only what the server needs: nothing of the test runner's environment leaks in.
    this.child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
      cwd: repoRoot,
      env: {
        NODE_ENV: "test",
        HOST: "127.0.0.1",
        PORT: String(this.port),
        PUBLIC_URL: this.url,
        // A new broker port on every start, as a moved broker would have.
        MQTT_PORT: "0",
        DATA_DIR: this.dataDir,
        LOG_LEVEL: "warn",
        WEB_DIST_DIR: path.join(this.dataDir, "no-web"),
        NETFLEET_ADMIN_EMAIL: ADMIN.email,
        NETFLEET_ADMIN_PASSWORD: ADMIN.password,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-4000));
    this.child.stdout?.on("data", keep);
    this.child.stderr?.on("data", keep);
    this.child.once("exit", (code) => (this.exited = code));
    for (;;) {
      if (this.exited !== undefined) {
        throw new Error(`server exited with ${String(this.exited)}:\n${this.output}`);
      }
      const ok = await fetch(`${this.url}/healthz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      await pause(250);
    }
    await this.signIn();
  }

  /**
   * Stops the process (`kill`: at once, as a crash) and starts it again on the same database
   * and HTTP port.
   */
  async restart({ kill = false }: { kill?: boolean } = {}) {
    await this.terminate(kill ? "SIGKILL" : "SIGTERM");
    await this.launch();
  }

  /** Uploads a file as the administrator (`POST /api/files`); answers its id. */
  async upload(type: string, name: string, content: Buffer): Promise<number> {
    const form = new FormData();
    form.set("type", type);
    form.set("file", new Blob([content]), name);
    const xsrf = this.cookies.get(WIRE.xsrfCookie);
    const res = await fetch(`${this.url}/api/files`, {
      method: "POST",
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(xsrf ? { [WIRE.xsrfHeader]: xsrf } : {}),
      },
      body: form,
    });
    const body = (await res.json()) as { meta?: { id: number } };
    if (!res.ok || !body.meta) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
    return body.meta.id;
  }

  /** A browser-like call: the session and XSRF cookies, the XSRF header on writes. */
  async call<T>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
    const xsrf = this.cookies.get(WIRE.xsrfCookie);
    const res = await fetch(`${this.url}${url}`, {
      method,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(xsrf ? { [WIRE.xsrfHeader]: xsrf } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const value = pair.slice(eq + 1).trim();
      if (value) this.cookies.set(pair.slice(0, eq).trim(), value);
    }
    return { status: res.status, body: (await res.json().catch(() => null)) as T };
  }

  private async signIn() {
    await this.call("GET", "/api/app-config");
    const res = await this.call("POST", "/account/sign-in", ADMIN);
    if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${JSON.stringify(res.body)}`);
  }

  /** The administrator's company. */
  async companyId(): Promise<number> {
    return (await this.call<{ company: { id: number } }>("GET", "/api/user")).body.company.id;
  }

  /** The administrator's company's enrolment token. */
  async enrolmentToken(): Promise<string> {
    const res = await this.call<{ data: { token: string } }>(
      "GET",
      `/api/companies/${await this.companyId()}/enrolment-token`,
    );
    return res.body.data.token;
  }

  async devices() {
    const res = await this.call<{
      data: {
        id: number;
        name: string;
        serial: string;
        mac: string;
        model: string;
        firmware: string | null;
        status: number;
      }[];
      meta: { total: number };
    }>("GET", "/api/devices?limit=100&sort=id");
    return res.body.data;
  }

  private async terminate(signal: NodeJS.Signals = "SIGTERM") {
    if (this.exited !== undefined) return;
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    this.child.kill(signal);
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  }

  async stop() {
    await this.terminate();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
