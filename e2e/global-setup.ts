import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SMTPServer } from "smtp-server";
import { ensureServerBuilt, serverArgs } from "../apps/server/src/test/server-process";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} did not become healthy:\n${log()}`);
}

async function startServer(dataDir: string, mailboxPort: number, extraEnv: Record<string, string>) {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let output = "";
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      SIGNIN_RATE_LIMIT_IP: "1000",
      MQTT_PORT: "0",
      SIGNIN_RATE_LIMIT_ACCOUNT: "3",
      SMTP_URL: `smtp://127.0.0.1:${mailboxPort}`,
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  await waitForHealth(url, child, () => output);
  return { url, child };
}

/**
 * One seeded database, copied so three servers can start from it: the main one, one whose
 * access tokens live 3 seconds for the refresh journey and whose password confirmations
 * last 8 seconds for the password-confirmation journey, and one with a branding theme.
 */
/**
 * The journeys' mail server: the servers send over SMTP as in production, and every
 * message lands as a line of JSON in `file`, where support.ts's `mailTo` reads it. The mail
 * log would not do: it hides the links and codes the journeys need.
 */
async function startMailbox(file: string) {
  fs.writeFileSync(file, "");
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        fs.appendFileSync(
          file,
          `${JSON.stringify({ to, raw: Buffer.concat(chunks).toString() })}\n`,
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.server.address() as net.AddressInfo).port };
}

export default async function globalSetup() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-e2e-"));
  const mailboxFile = path.join(work, "mailbox.jsonl");
  const mailbox = await startMailbox(mailboxFile);
  process.env.E2E_MAILBOX = mailboxFile;
  const mainDir = path.join(work, "main");
  // The journeys meet what `npm start` and `npm run seed:demo` run: the compiled server.
  ensureServerBuilt();
  const seed = spawnSync(
    process.execPath,
    ["--enable-source-maps", "apps/server/dist/seed-demo.js"],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: mainDir },
      encoding: "utf8",
    },
  );
  if (seed.status !== 0) throw new Error(`seeding failed:\n${seed.stdout}\n${seed.stderr}`);
  const shortDir = path.join(work, "short");
  fs.cpSync(mainDir, shortDir, { recursive: true });
  const brandedDir = path.join(work, "branded");
  fs.cpSync(mainDir, brandedDir, { recursive: true });
  const themeFile = path.join(work, "theme.json");
  fs.writeFileSync(
    themeFile,
    JSON.stringify({
      app_name: "AcmeNet",
      full_app_name: "AcmeNet Device Cloud",
      main_color: "#0ca678",
      disabled_routes: ["remote.access"],
      buy_link: "https://shop.acme.example/credits",
    }),
  );

  const [main, short, branded] = await Promise.all([
    startServer(mainDir, mailbox.port, { BUY_URL: "https://shop.netfleet.example/credits" }),
    startServer(shortDir, mailbox.port, {
      ACCESS_TOKEN_TTL: "3",
      PASSWORD_CONFIRMATION_SECONDS: "8",
    }),
    startServer(brandedDir, mailbox.port, { THEME_FILE: themeFile }),
  ]);
  process.env.E2E_BASE_URL = main.url;
  process.env.E2E_SHORT_TTL_URL = short.url;
  process.env.E2E_BRANDED_URL = branded.url;

  return async () => {
    for (const s of [main, short, branded]) s.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    await new Promise<void>((r) => mailbox.server.close(() => r()));
    fs.rmSync(work, { recursive: true, force: true });
  };
}
