import type { AddressInfo } from "node:net";
import { io, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  REALTIME_PATH,
  type ChannelMessage,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SubscriptionError,
} from "@netfleet/contracts/events";
import {
  NOTIFICATION_CREATED_EVENT,
  notificationChannel,
  type Notification,
} from "@netfleet/contracts/schemas/notifications";
import { signedInAgent, signedInAs, TestAgent } from "../test/agent";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { factories, type TestCompany } from "../test/factories";

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Received = ChannelMessage<Notification>;

let t: TestApp;
let f: ReturnType<typeof factories>;
let company: TestCompany;
let url: string;
let sender: TestAgent;
const open: ClientSocket[] = [];

/** A TestApp that also listens on a free port, so real sockets can reach it. */
async function listening(env: Record<string, string> = {}) {
  const app = await buildTestApp(env);
  await app.app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}` };
}

beforeAll(async () => {
  ({ app: t, url } = await listening());
  f = factories(t.database.db);
  company = await f.company({ name: "Realtime Co" });
  sender = (await signedInAgent(t, { company, role: "super_admin" })).agent;
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

const cookieHeader = (agent: TestAgent) =>
  [...agent.cookies].map(([name, value]) => `${name}=${value}`).join("; ");

/** A socket.io client as the console opens it (websocket only, no retries), not yet connected. */
function client(
  options: {
    agent?: TestAgent;
    token?: string;
    transports?: ("websocket" | "polling")[];
    base?: string;
  } = {},
): ClientSocket {
  const socket: ClientSocket = io(options.base ?? url, {
    path: REALTIME_PATH,
    transports: options.transports ?? ["websocket"],
    reconnection: false,
    forceNew: true,
    autoConnect: false,
    extraHeaders: options.agent ? { cookie: cookieHeader(options.agent) } : {},
    auth: options.token ? { token: options.token } : {},
  });
  open.push(socket);
  return socket;
}

function connected(socket: ClientSocket): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
    socket.connect();
  });
}

function refused(socket: ClientSocket): Promise<Error & { data?: { code?: number } }> {
  return new Promise((resolve, reject) => {
    socket.once("connect", () => reject(new Error("the connection was accepted")));
    socket.once("connect_error", resolve);
    socket.connect();
  });
}

/** The next `event` on the socket whose payload is about `channel`. */
function next<E extends "subscription_succeeded" | "subscription_error">(
  socket: ClientSocket,
  event: E,
  channel: string,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve) => {
    const handler = (reply: Parameters<ServerToClientEvents[E]>[0]) => {
      if (reply.channel !== channel) return;
      socket.off(event, handler as never);
      resolve(reply);
    };
    socket.on(event, handler as never);
  });
}

async function subscribe(socket: ClientSocket, channel: string) {
  const done = next(socket, "subscription_succeeded", channel);
  socket.emit("subscribe", { channel, data: {} });
  return done;
}

/**
 * Resolves once the server has handled everything sent on this socket before and sent
 * everything queued for it: the server answers in order, so events it pushed earlier have
 * arrived by then.
 */
async function settle(socket: ClientSocket) {
  const channel = `junk-${Math.random()}`;
  const done = next(socket, "subscription_error", channel);
  socket.emit("subscribe", { channel });
  await done;
}

function collect(socket: ClientSocket): Received[] {
  const received: Received[] = [];
  socket.on(NOTIFICATION_CREATED_EVENT, (message) => received.push(message));
  return received;
}

async function notify(userId: number, summary: string) {
  const res = await sender.post("/api/notifications", {
    type: "deviceAlert",
    summary,
    user_id: userId,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("realtime handshake", () => {
  it("admits a signed-in browser session", async () => {
    const user = await f.user({ company, role: "end_user" });
    const socket = await connected(client({ agent: await signedInAs(t, user) }));
    expect(socket.connected).toBe(true);
  });

  it("refuses a connection without a session with code 401", async () => {
    const error = await refused(client());
    expect(error.data?.code).toBe(401);
    const forged = await refused(
      client({
        agent: Object.assign(new TestAgent(t.app), { cookies: new Map([["nf_session", "x.y.z"]]) }),
      }),
    );
    expect(forged.data?.code).toBe(401);
  });

  it("SH-HTTP-028 refuses the polling transport: websocket only", async () => {
    const user = await f.user({ company });
    const error = await refused(
      client({ agent: await signedInAs(t, user), transports: ["polling"] }),
    );
    expect(error).toBeInstanceOf(Error);
    const res = await fetch(`${url}${REALTIME_PATH}/?EIO=4&transport=polling`);
    expect(res.status).toBe(400);
  });

  it("admits a personal access token with notifications:read, refuses one without", async () => {
    const user = await f.user({ company, role: "end_user" });
    const agent = await signedInAs(t, user);
    const token = async (scopes: string[]) =>
      (await agent.post("/account/tokens", { name: scopes.join(" "), scopes })).json<{
        data: { token: string };
      }>().data.token;

    const reader = await connected(client({ token: await token(["notifications:read"]) }));
    await subscribe(reader, notificationChannel(user.id));

    const error = await refused(client({ token: await token(["devices:read"]) }));
    expect(error.data?.code).toBe(403);
    const unknown = await refused(client({ token: "nf_pat_not-a-real-token" }));
    expect(unknown.data?.code).toBe(401);
  });
});

describe("channels", () => {
  it("SH-HTTP-028 SH-NOTIF-009 the own channel is granted and carries WebNotificationCreated with {channel, data}", async () => {
    const user = await f.user({ company, role: "end_user" });
    const socket = await connected(client({ agent: await signedInAs(t, user) }));
    const channel = notificationChannel(user.id);
    expect(await subscribe(socket, channel)).toEqual({ channel });

    const arrived = new Promise<Received>((resolve) =>
      socket.once(NOTIFICATION_CREATED_EVENT, resolve),
    );
    await notify(user.id, "Router went offline");
    const message = await arrived;
    expect(message).toEqual({
      channel,
      data: {
        id: expect.any(Number) as number,
        summary: "Router went offline",
        type: "deviceAlert",
        created_at: expect.any(String) as string,
        seen_at: null,
      },
    });
    const listed = (await (await signedInAs(t, user)).get("/api/notifications")).json<{
      data: Notification[];
    }>();
    expect(listed.data[0]).toEqual(message.data);
  });

  it("SH-ERR-016 another user's channel and junk get subscription_error 403 and are not joined", async () => {
    const user = await f.user({ company, role: "end_user" });
    const other = await f.user({ company, role: "end_user" });
    const socket = await connected(client({ agent: await signedInAs(t, user) }));
    const received = collect(socket);

    const foreign = notificationChannel(other.id);
    const refusals: Promise<SubscriptionError>[] = [];
    for (const channel of [
      foreign,
      "private-notifications.",
      "private-status.1",
      "presence-x",
      "",
    ]) {
      refusals.push(next(socket, "subscription_error", channel));
      socket.emit("subscribe", { channel });
    }
    for (const refusal of await Promise.all(refusals)) {
      expect(refusal).toEqual({ channel: refusal.channel, code: 403, message: expect.any(String) });
    }
    // Malformed requests are refused too, answered on an empty channel name.
    for (const request of [null, 42, { channel: 7 }, { channel: "x".repeat(500) }]) {
      const refusal = next(socket, "subscription_error", "");
      socket.emit("subscribe", request as never);
      expect((await refusal).code).toBe(403);
    }

    await notify(other.id, "for the other user");
    await settle(socket);
    expect(received).toEqual([]);
  });

  it("unsubscribe stops delivery", async () => {
    const user = await f.user({ company, role: "end_user" });
    const socket = await connected(client({ agent: await signedInAs(t, user) }));
    const received = collect(socket);
    const channel = notificationChannel(user.id);
    await subscribe(socket, channel);
    await notify(user.id, "while subscribed");
    await settle(socket);
    expect(received.map((m) => m.data.summary)).toEqual(["while subscribed"]);

    socket.emit("unsubscribe", { channel, data: {} });
    await settle(socket);
    await notify(user.id, "after unsubscribing");
    await settle(socket);
    expect(received.map((m) => m.data.summary)).toEqual(["while subscribed"]);
  });

  it("while impersonating, the acting user's channel is granted and the operator's own is not", async () => {
    const target = await f.user({
      company,
      role: "end_user",
      impersonationAccessLimit: new Date(Date.now() + 86_400_000),
    });
    const operator = await f.user({ company, role: "support" });
    const agent = await signedInAs(t, operator);
    const started = await agent.post(`/api/users/${target.id}/impersonate`);
    expect(started.statusCode, started.body).toBe(200);

    const socket = await connected(client({ agent }));
    await subscribe(socket, notificationChannel(target.id));
    const own = notificationChannel(operator.id);
    const refusal = next(socket, "subscription_error", own);
    socket.emit("subscribe", { channel: own });
    expect((await refusal).code).toBe(403);
  });
});

describe("credential expiry", () => {
  it("drops a socket once its access token has expired", async () => {
    const short = await listening({ ACCESS_TOKEN_TTL: "2" });
    try {
      const user = await factories(short.app.database.db).user({
        company: await factories(short.app.database.db).company(),
      });
      const socket = await connected(
        client({ agent: await signedInAs(short.app, user), base: short.url }),
      );
      const reason = await new Promise<string>((resolve) => socket.once("disconnect", resolve));
      expect(reason).toBe("io server disconnect");
    } finally {
      await short.app.close();
    }
  });
});
