import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Server, type Socket } from "socket.io";
import {
  REALTIME_PATH,
  STATUS_CHANNEL_KEY,
  type ChannelEvents,
  type ChannelMessage,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SubscriptionRequest,
} from "@netfleet/contracts/events";
import type { AppContext } from "../app-context";
import { type Auth, authorize, type Credentials, type RouteAccess } from "./auth";
import { AppError } from "./errors";
import { connectRealtimeAdapter } from "./realtime-adapter";

/** What modules use to push an event to the sockets subscribed to a channel. */
export interface Realtime {
  publish<E extends keyof ChannelEvents>(channel: string, event: E, data: ChannelEvents[E]): void;
  /**
   * Lets sockets listen on channels of a kind the module publishes on (`private-devices`),
   * when `authorizer` allows. One authorizer per kind.
   */
  authorizeChannel(kind: string, authorizer: ChannelAuthorizer): void;
  /**
   * What a socket that just subscribed to a channel of `kind` is told at once: the state
   * pushes before it joined would have brought it to (an action that ended meanwhile).
   */
  replayChannel(kind: string, latest: ChannelReplay): void;
}

/** The event that brings a new listener up to date, or undefined when there is none. */
export type ChannelReplay = (
  channel: string,
) => Promise<{ event: keyof ChannelEvents; data: ChannelEvents[keyof ChannelEvents] } | undefined>;

interface SocketData {
  auth: Auth;
}

type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/**
 * Who may listen on a channel, by its kind: the part of the name before the first dot
 * (`private-notifications.42` is kind `private-notifications`, key `42`). A kind without
 * an authorizer is refused. `data` is what the client sent along with `subscribe`.
 */
export type ChannelAuthorizer = (
  ctx: AppContext,
  auth: Auth,
  key: string,
  data: Record<string, unknown> | undefined,
) => boolean | Promise<boolean>;

const builtInAuthorizers: Record<string, ChannelAuthorizer> = {
  // The acting user's own: while impersonating, the impersonated user's, never the operator's.
  "private-notifications": (_ctx, auth, key) => key === String(auth.user.id),
  // An action's progress, for the user who started it (events.ts `statusChannel`).
  "private-status": (_ctx, auth, key) => STATUS_CHANNEL_KEY.exec(key)?.[1] === String(auth.user.id),
};

/** The authorizers of each socket.io server: the built-in ones and those modules added. */
const authorizersOf = new WeakMap<RealtimeServer, Map<string, ChannelAuthorizer>>();
const replaysOf = new WeakMap<RealtimeServer, Map<string, ChannelReplay>>();

/** Who may open a socket at all: any signed-in user; a personal access token with this scope. */
const SOCKET_ACCESS: RouteAccess = {
  permission: null,
  tenant: false,
  scope: "notifications:read",
};

const MAX_CHANNEL_LENGTH = 200;
/** setTimeout's ceiling; a later deadline is re-armed when it is reached. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The socket.io server, created with the app context so modules can publish before (and
 * without) a port being listened on: with no sockets a publish does nothing. The plugin
 * then attaches it to the HTTP server.
 */
export function createRealtime(): Realtime & { io: RealtimeServer } {
  const io: RealtimeServer = new Server({
    path: REALTIME_PATH,
    transports: ["websocket"],
    serveClient: false,
  });
  const authorizers = new Map(Object.entries(builtInAuthorizers));
  authorizersOf.set(io, authorizers);
  const replays = new Map<string, ChannelReplay>();
  replaysOf.set(io, replays);
  return {
    io,
    publish(channel, event, data) {
      const message: ChannelMessage<typeof data> = { channel, data };
      // The event map ties each event to its payload; the generic call is checked at the caller.
      (io.to(channel).emit as (event: string, message: unknown) => boolean)(event, message);
    },
    authorizeChannel(kind, authorizer) {
      if (kind.includes(".") || authorizers.has(kind))
        throw new Error(`The channel kind ${kind} is taken or not a kind`);
      authorizers.set(kind, authorizer);
    },
    replayChannel(kind, latest) {
      if (replays.has(kind)) throw new Error(`The channel kind ${kind} already replays`);
      replays.set(kind, latest);
    },
  };
}

/** An error socket.io hands to the client's `connect_error`, with `data.code` as its status. */
function refusal(message: string, code: number): Error {
  return Object.assign(new Error(message), { data: { code } });
}

function credentialsOf(app: FastifyInstance, socket: RealtimeSocket): Credentials {
  const { auth, headers } = socket.handshake;
  const token = (auth as { token?: unknown }).token;
  return {
    authorization: typeof token === "string" && token ? `Bearer ${token}` : headers.authorization,
    cookies: headers.cookie ? app.parseCookie(headers.cookie) : {},
  };
}

/** Authenticates like an HTTP request does and applies SOCKET_ACCESS; throws the refusal. */
async function admit(app: FastifyInstance, credentials: Credentials): Promise<Auth> {
  const auth = await app.authenticate(credentials);
  authorize(SOCKET_ACCESS, auth);
  return auth!;
}

function channelOf(request: unknown): string | null {
  const channel = (request as Partial<SubscriptionRequest> | null)?.channel;
  return typeof channel === "string" && channel.length <= MAX_CHANNEL_LENGTH ? channel : null;
}

async function mayListen(
  authorizers: ReadonlyMap<string, ChannelAuthorizer>,
  ctx: AppContext,
  auth: Auth,
  channel: string,
  request: unknown,
) {
  const dot = channel.indexOf(".");
  if (dot <= 0) return false;
  const authorizer = authorizers.get(channel.slice(0, dot));
  if (!authorizer) return false;
  const data = (request as SubscriptionRequest).data;
  const plain = typeof data === "object" && data !== null && !Array.isArray(data);
  return authorizer(ctx, auth, channel.slice(dot + 1), plain ? data : undefined);
}

/**
 * Realtime (shell §7, decision D5): socket.io at /socket.io over websockets only. A socket
 * is admitted with the browser session cookie or a personal access token, and listens only
 * on channels `channelAuthorizers` allows it. REALTIME_ADAPTER carries events between
 * server processes.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, opts: { io: RealtimeServer }) => {
    const { io } = opts;
    const ctx = app.ctx;
    const log = app.log.child({ module: "realtime" });
    const authorizers = authorizersOf.get(io) ?? new Map(Object.entries(builtInAuthorizers));

    const handle = await connectRealtimeAdapter(ctx.env, log);
    if (handle) io.adapter(handle.adapter);
    io.attach(app.server);

    // Kept apart from socket.data, which a cluster adapter may ship to other nodes.
    const credentialsBySocket = new WeakMap<RealtimeSocket, Credentials>();

    io.use((socket, next) => {
      const credentials = credentialsOf(app, socket);
      admit(app, credentials).then(
        (auth) => {
          socket.data = { auth };
          credentialsBySocket.set(socket, credentials);
          next();
        },
        (err: unknown) => {
          if (err instanceof AppError) return next(refusal(err.message, err.status));
          log.error({ err }, "realtime handshake failed");
          next(refusal("Something went wrong on our side. Try again later.", 500));
        },
      );
    });

    io.on("connection", (socket) => {
      watchCredentials(socket);

      socket.on("subscribe", (request) => {
        const channel = channelOf(request);
        const refuse = () =>
          socket.emit("subscription_error", {
            channel: channel ?? "",
            code: 403,
            message: "You may not listen on this channel.",
          });
        if (channel === null) return refuse();
        mayListen(authorizers, ctx, socket.data.auth, channel, request).then(
          async (allowed) => {
            if (!allowed) return refuse();
            await socket.join(channel);
            socket.emit("subscription_succeeded", { channel });
            const replay = replaysOf.get(io)?.get(channel.slice(0, channel.indexOf(".")));
            const latest = replay && (await replay(channel));
            if (latest) {
              (socket.emit as (event: string, message: unknown) => boolean)(latest.event, {
                channel,
                data: latest.data,
              });
            }
          },
          (err: unknown) => {
            log.error({ err, channel }, "channel authorisation failed");
            socket.emit("subscription_error", {
              channel,
              code: 500,
              message: "Something went wrong on our side. Try again later.",
            });
          },
        );
      });

      socket.on("unsubscribe", (request) => {
        const channel = channelOf(request);
        if (channel !== null && channel !== socket.id) void socket.leave(channel);
      });
    });

    /**
     * A socket lives no longer than the credential it was opened with: when the access
     * token expires (or, for a personal token, every ACCESS_TOKEN_TTL) it is checked again
     * and the socket is dropped once it no longer passes, so a revoked session or token
     * stops listening. The console reconnects after refreshing its session.
     */
    function watchCredentials(socket: RealtimeSocket) {
      let timer: NodeJS.Timeout | undefined;
      const arm = () => {
        const { exp } = socket.data.auth;
        const recheck = Date.now() + ctx.env.ACCESS_TOKEN_TTL * 1000;
        const deadline = exp > 0 ? Math.min(exp * 1000, recheck) : recheck;
        timer = setTimeout(check, Math.min(Math.max(0, deadline - Date.now()), MAX_TIMER_MS));
      };
      const check = () => {
        admit(app, credentialsBySocket.get(socket) ?? { cookies: {} }).then(
          (auth) => {
            if (!socket.connected) return;
            socket.data.auth = auth;
            arm();
          },
          () => socket.disconnect(true),
        );
      };
      arm();
      socket.on("disconnect", () => clearTimeout(timer));
    }

    // Open websockets would keep the HTTP server from closing.
    app.addHook("preClose", async () => {
      io.local.disconnectSockets(true);
    });
    app.addHook("onClose", async () => {
      await io.close();
      await handle?.close();
    });
  },
  { name: "realtime", dependencies: ["auth"] },
);
