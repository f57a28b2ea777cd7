import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { APP_VERSION } from "@netfleet/contracts/constants";
import { HttpAgent, ServerProcess } from "./test/server-process";

/** The compiled server, started with plain `node` (no TypeScript loader), as `npm start` runs it. */
const ADMIN = { email: "first@example.com", password: "Compiled-server-1" };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-compiled-"));
let server: ServerProcess;

beforeAll(async () => {
  server = await ServerProcess.started({
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    NETFLEET_ADMIN_EMAIL: ADMIN.email,
    NETFLEET_ADMIN_PASSWORD: ADMIN.password,
  });
}, 60_000);
afterAll(async () => {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it("migrates an empty data directory and answers /healthz", async () => {
  const res = await fetch(`${server.url}/healthz`);
  expect(await res.json()).toEqual({ status: "ok", version: APP_VERSION, database: "pglite" });
  expect(fs.existsSync(path.join(dataDir, "pgdata", "PG_VERSION"))).toBe(true);
});

it("cleans a notice's message with the sanitiser it loads on first use", async () => {
  const admin = new HttpAgent(server.url);
  await admin.signIn(ADMIN);
  const res = await admin.request("POST", "/api/admin/notices", {
    type: "info",
    message: '<b onclick="x()">Maintenance</b><script>alert(1)</script>',
    enabled_at: new Date().toISOString(),
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { data: { message: string } };
  expect(body.data.message).toBe("<b>Maintenance</b>");
});
