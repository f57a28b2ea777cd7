import { useEffect, useRef } from "react";
import type { ManagerOptions, Socket, SocketOptions } from "socket.io-client";
import { REALTIME } from "@netfleet/contracts/constants";
import {
  type ChannelEvents,
  type ClientToServerEvents,
  REALTIME_PATH,
  type ServerToClientEvents,
  type SubscriptionError,
  type SubscriptionRequest,
} from "@netfleet/contracts/events";
import { afterFirstPaint } from "./first-paint";
import { apiBaseUrl, refreshSession } from "./http";
import { getSessionState, onSessionEvent, registerSocketCloser } from "./session-events";

/**
 * The console's one realtime connection (shell §7, §8, decision D5): socket.io over
 * websockets only, opened on the first subscription of a signed-in session. Components ask
 * for channels; the client keeps one server subscription per channel however many
 * components listen, and subscribes to them all again whenever the socket (re)connects.
 */

/** Handlers by event name for the events pushed on one channel; each receives the payload. */
export type ChannelHandlers = { [E in keyof ChannelEvents]?: (data: ChannelEvents[E]) => void };

/**
 * The connection failures the client expects (SH-ERR-018): engine.io's own words for them.
 * They are logged; reconnecting is left to socket.io and its 5 attempts.
 */
export const REALTIME_FAILURES = [
  "No transports available",
  "server error",
  "ping timeout",
  "transport close",
] as const;

/** What the client hears from a socket. */
export interface SocketListeners {
  connect(): void;
  disconnect(reason: string): void;
  connectError(error: Error): void;
  /** Every reconnection attempt failed; nothing happens until the client asks again. */
  reconnectFailed(): void;
  /** Any event that is not socket.io's own, with its first argument. */
  event(name: string, payload: unknown): void;
}

/** The part of a socket.io socket the client uses; tests hand in a fake. */
export interface RealtimeSocket {
  readonly connected: boolean;
  connect(): void;
  disconnect(): void;
  emit(event: keyof ClientToServerEvents, request: SubscriptionRequest): void;
}

export type SocketFactory = (listeners: SocketListeners) => RealtimeSocket;

/** socket.io's options from the shell's constants (SH-HTTP-028, SH-HTTP-029, D5). */
export function socketOptions(): Partial<ManagerOptions & SocketOptions> {
  return {
    path: REALTIME_PATH,
    transports: [...REALTIME.transports],
    reconnectionAttempts: REALTIME.reconnectionAttempts,
    reconnectionDelay: REALTIME.reconnectionDelayMs,
    reconnectionDelayMax: REALTIME.reconnectionDelayMaxMs,
    timeout: REALTIME.connectTimeoutMs,
    // The session cookies authenticate the handshake, also against a review API host.
    withCredentials: true,
    // The client decides when to connect: only with channels to listen to.
    autoConnect: false,
  };
}

/**
 * A socket.io socket to the API's host (the review host when one is set). socket.io-client
 * is a chunk of its own, fetched when the first socket opens once the page has shown: no
 * page waits for it, and it connects as soon as it has arrived. A failed fetch is tried
 * again on the next connect.
 */
export const openSocketIo: SocketFactory = (listeners) => {
  let socket: Socket<ServerToClientEvents, ClientToServerEvents> | undefined;
  let wanted = false;
  let loading: Promise<void> | undefined;
  const load = () => {
    loading ??= afterFirstPaint()
      .then(() => import("socket.io-client"))
      .then(
        ({ io }) => {
          const base = apiBaseUrl();
          const opened: Socket<ServerToClientEvents, ClientToServerEvents> = base
            ? io(base, socketOptions())
            : io(socketOptions());
          opened.on("connect", () => listeners.connect());
          opened.on("disconnect", (reason) => listeners.disconnect(reason));
          opened.on("connect_error", (error) => listeners.connectError(error));
          opened.io.on("reconnect_failed", () => listeners.reconnectFailed());
          opened.onAny((name: string, payload: unknown) => listeners.event(name, payload));
          socket = opened;
          if (wanted) opened.connect();
        },
        (error: Error) => {
          loading = undefined;
          listeners.connectError(error);
        },
      );
  };
  load();
  return {
    get connected() {
      return socket?.connected ?? false;
    },
    connect: () => {
      wanted = true;
      if (socket) socket.connect();
      else load();
    },
    disconnect: () => {
      wanted = false;
      socket?.disconnect();
    },
    emit: (event, request) => void socket?.emit(event, request),
  };
};

/** Signed in, and not in the middle of a refresh (the refresh reconnects when it is done). */
function signedIn(): boolean {
  const state = getSessionState();
  return state === "user-fetched" || state === "authenticated";
}

interface RealtimeOptions {
  openSocket?: SocketFactory;
  isSignedIn?: () => boolean;
  /** Refreshes the session; its success fires `tokenRefreshed`, which reconnects. */
  refresh?: () => Promise<void>;
  warn?: (...args: unknown[]) => void;
}

type Dispatch = (event: string, data: unknown) => void;

interface Channel {
  data: Record<string, unknown> | undefined;
  subscribers: Set<Dispatch>;
}

function isSubscriptionError(payload: unknown): payload is SubscriptionError {
  return (
    typeof payload === "object" &&
    payload !== null &&
    typeof (payload as SubscriptionError).channel === "string" &&
    typeof (payload as SubscriptionError).code === "number"
  );
}

function channelOf(payload: unknown): string | undefined {
  if (typeof payload !== "object" || payload === null || !("channel" in payload)) return undefined;
  return typeof payload.channel === "string" ? payload.channel : undefined;
}

/** The server refuses a handshake whose session has expired with `data.code` 401. */
function isExpiredSession(error: Error): boolean {
  const data = (error as Error & { data?: { code?: unknown } }).data;
  return data?.code === 401;
}

function dispatcher(handlers: ChannelHandlers): Dispatch {
  return (event, data) => {
    if (!Object.hasOwn(handlers, event)) return;
    // The server's payloads are its presenters' output, typed by the shared event map.
    const handler = handlers[event as keyof ChannelEvents] as ((data: unknown) => void) | undefined;
    handler?.(data);
  };
}

/**
 * A realtime client. It registers with the session: a token refresh closes its socket
 * (connections carry the old credentials) and opens it again once the refresh is through.
 */
export function createRealtimeClient({
  openSocket = openSocketIo,
  isSignedIn = signedIn,
  refresh = refreshSession,
  warn = (...args) => console.warn(...args),
}: RealtimeOptions = {}) {
  const channels = new Map<string, Channel>();
  let socket: RealtimeSocket | undefined;
  // One refresh per lost connection: a server that keeps refusing must not make us loop.
  let refreshedSinceConnect = false;

  const request = (channel: string, entry: Channel): SubscriptionRequest =>
    entry.data === undefined ? { channel } : { channel, data: entry.data };

  const closeChannel = (channel: string, entry: Channel) => {
    if (channels.get(channel) !== entry) return;
    channels.delete(channel);
    if (socket?.connected) socket.emit("unsubscribe", request(channel, entry));
  };

  const listeners: SocketListeners = {
    connect() {
      refreshedSinceConnect = false;
      for (const [channel, entry] of channels) socket?.emit("subscribe", request(channel, entry));
    },
    disconnect(reason) {
      // Our own disconnect (a token refresh) is no failure.
      if (reason === "io client disconnect") return;
      warn("Realtime connection lost:", reason);
      // The server drops sockets whose session lapsed, and socket.io leaves those closed:
      // connecting again lets the handshake tell an expired session from anything else.
      if (reason === "io server disconnect") open();
    },
    connectError(error) {
      warn("Realtime connection failed:", error.message);
      if (!isExpiredSession(error) || refreshedSinceConnect || !isSignedIn()) return;
      refreshedSinceConnect = true;
      // A failed refresh already takes the browser to sign-in; nothing is left to do here.
      refresh().catch(() => undefined);
    },
    reconnectFailed() {
      warn("Realtime connection given up until the next subscription or session refresh");
    },
    event(name, payload) {
      if (name === "subscription_error") {
        if (!isSubscriptionError(payload)) return;
        warn("Realtime subscription refused:", payload.channel, payload.code, payload.message);
        const entry = channels.get(payload.channel);
        if (payload.code === 403 && entry) closeChannel(payload.channel, entry);
        return;
      }
      const channel = channelOf(payload);
      const entry = channel === undefined ? undefined : channels.get(channel);
      if (!entry) return;
      const data = (payload as { data?: unknown }).data;
      for (const dispatch of [...entry.subscribers]) dispatch(name, data);
    },
  };

  /** Connects when there is something to listen to and a session to listen with. */
  const open = () => {
    if (channels.size === 0 || !isSignedIn()) return;
    socket ??= openSocket(listeners);
    // Also revives a socket that ran out of reconnection attempts.
    if (!socket.connected) socket.connect();
  };

  /**
   * Listens to `channel` until the returned function is called. `data` travels with the
   * subscription request of a new channel.
   */
  const subscribe = (
    channel: string,
    handlers: ChannelHandlers,
    data?: Record<string, unknown>,
  ): (() => void) => {
    let entry = channels.get(channel);
    if (!entry) {
      entry = { data, subscribers: new Set() };
      channels.set(channel, entry);
      if (socket?.connected) socket.emit("subscribe", request(channel, entry));
    }
    const own = entry;
    const dispatch = dispatcher(handlers);
    own.subscribers.add(dispatch);
    open();
    return () => {
      own.subscribers.delete(dispatch);
      if (own.subscribers.size === 0) closeChannel(channel, own);
    };
  };

  const stops = [
    registerSocketCloser(() => socket?.disconnect()),
    onSessionEvent("tokenRefreshed", open),
  ];

  return {
    subscribe,
    /** Forgets the session hooks; for tests that create their own client. */
    dispose: () => {
      for (const stop of stops) stop();
      socket?.disconnect();
    },
  };
}

export const realtime = createRealtimeClient();

/**
 * Calls `handler` for each `event` pushed on `channel` while the component is mounted;
 * `null` listens to nothing. A new handler on each render does not resubscribe.
 */
export function useChannelEvent<E extends keyof ChannelEvents>(
  channel: string | null,
  event: E,
  handler: (data: ChannelEvents[E]) => void,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (channel === null) return;
    // A computed key of a generic event name: TypeScript cannot narrow it, the map is exact.
    const handlers = {
      [event]: (data: ChannelEvents[E]) => latest.current(data),
    } as ChannelHandlers;
    return realtime.subscribe(channel, handlers);
  }, [channel, event]);
}
