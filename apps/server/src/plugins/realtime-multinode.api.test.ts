import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  REALTIME_PATH,
  type ChannelMessage,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from "@netfleet/contracts/events";
import {
  NOTIFICATION_CREATED_EVENT,
  notificationChannel,
  type Notification,
} from "@netfleet/contracts/schemas/notifications";
import { withDatabase } from "../test/global-setup";
import { HttpAgent, pause, ServerProcess, testServices } from "../test/server-process";

/**
 * Two real server processes on one PostgreSQL database: a notification created through
 * process A reaches a socket held by process B only through the configured adapter.
 */

const { databaseUrl: pgUrl, redisUrl } = testServices;
const ADMIN = { email: "multinode@example.com", password: "a long multinode password" };
const START_TIMEOUT_MS = 120_000;

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Two processes sharing a fresh database, with the given adapter settings. */
function cluster(adapterEnv: Record<string, string>) {
  const state: { a?: ServerProcess; b?: ServerProcess; dbUrl?: string; dataDir?: string } = {};
  const dbName = `nf_mn_${randomBytes(5).toString("hex")}`;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${dbName}`);
    } finally {
      await admin.end();
    }
    state.dbUrl = withDatabase(pgUrl!, dbName);
    state.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-multinode-"));
    const env = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATABASE_URL: state.dbUrl,
      DATA_DIR: state.dataDir,
      WEB_DIST_DIR: "/nonexistent",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      NETFLEET_ADMIN_EMAIL: ADMIN.email,
      NETFLEET_ADMIN_PASSWORD: ADMIN.password,
      // Apart from any other run sharing the Redis server.
      REALTIME_CHANNEL_PREFIX: `nf-test-${dbName}`,
      ...adapterEnv,
    };
    // One after the other: the first start migrates the empty database.
    state.a = await ServerProcess.started(env);
    state.b = await ServerProcess.started(env);
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all([state.a?.stop(), state.b?.stop()]);
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    if (state.dataDir) fs.rmSync(state.dataDir, { recursive: true, force: true });
  }, START_TIMEOUT_MS);

  it("a notification created on process A reaches a socket on process B", async () => {
    const onA = new HttpAgent(state.a!.url);
    const onB = new HttpAgent(state.b!.url);
    await onA.signIn(ADMIN);
    await onB.signIn(ADMIN);
    const me = (await (await onB.request("GET", "/api/user")).json()) as { id: number };
    const channel = notificationChannel(me.id);

    const socket: ClientSocket = io(state.b!.url, {
      path: REALTIME_PATH,
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie: onB.cookieHeader() },
    });
    try {
      const subscribed = new Promise((resolve, reject) => {
        socket.once("subscription_succeeded", resolve);
        socket.once("subscription_error", reject);
        socket.once("connect_error", reject);
      });
      socket.emit("subscribe", { channel, data: {} });
      await subscribed;

      const arrived = new Promise<ChannelMessage<Notification>>((resolve) =>
        socket.on(NOTIFICATION_CREATED_EVENT, (message) => {
          if (message.data.summary.startsWith("Sent through A")) resolve(message);
        }),
      );
      // A node's adapter starts listening a moment after it answers /healthz: send again
      // until one arrives rather than guessing how long that moment is.
      let message: ChannelMessage<Notification> | undefined;
      for (let attempt = 1; !message && attempt <= 30; attempt++) {
        const res = await onA.request("POST", "/api/notifications", {
          type: "deviceAlert",
          summary: `Sent through A, attempt ${attempt}`,
          user_id: me.id,
        });
        expect(res.status, await res.clone().text()).toBe(200);
        message = await Promise.race([arrived, pause(1000).then(() => undefined)]);
      }
      expect(message).toMatchObject({
        channel,
        data: {
          type: "deviceAlert",
          seen_at: null,
          summary: expect.stringMatching(/^Sent through A/),
        },
      });
    } finally {
      socket.disconnect();
    }
  }, 60_000);
}

describe.skipIf(!pgUrl)(
  `REALTIME_ADAPTER=postgres across two processes${pgUrl ? "" : " (skipped: TEST_DATABASE_URL is not set, no PostgreSQL server)"}`,
  () => cluster({ REALTIME_ADAPTER: "postgres" }),
);

describe.skipIf(!pgUrl || !redisUrl)(
  `REALTIME_ADAPTER=redis across two processes${
    !redisUrl
      ? " (skipped: TEST_REDIS_URL is not set, no Redis server)"
      : !pgUrl
        ? " (skipped: TEST_DATABASE_URL is not set, no PostgreSQL server for the shared database)"
        : ""
  }`,
  () => cluster({ REALTIME_ADAPTER: "redis", REDIS_URL: redisUrl ?? "" }),
);
