import { afterEach, describe, expect, it, vi } from "vitest";
import { REALTIME_PATH, type SubscriptionRequest } from "@netfleet/contracts/events";
import type { Notification } from "@netfleet/contracts/schemas/notifications";
import {
  REALTIME_FAILURES,
  type RealtimeSocket,
  type SocketListeners,
  createRealtimeClient,
  openSocketIo,
  socketOptions,
} from "./realtime";
import { closeSockets, emitSessionEvent } from "./session-events";

const ioCalls = vi.hoisted(() => [] as unknown[][]);

vi.mock("socket.io-client", async () => {
  const { createFakeSocket } = await import("../test/fake-socket");
  return {
    io: (...args: unknown[]) => {
      ioCalls.push(args);
      return createFakeSocket().socket;
    },
  };
});

/** A socket that records what the client sends and lets the test play the server. */
class FakeSocket implements RealtimeSocket {
  connected = false;
  connects = 0;
  disconnects = 0;
  sent: Array<[string, SubscriptionRequest]> = [];

  constructor(readonly server: SocketListeners) {}

  connect() {
    this.connects += 1;
  }

  disconnect() {
    this.disconnects += 1;
    this.connected = false;
    this.server.disconnect("io client disconnect");
  }

  emit(event: string, request: SubscriptionRequest) {
    this.sent.push([event, request]);
  }

  /** The server accepted the connection. */
  open() {
    this.connected = true;
    this.server.connect();
  }

  drop(reason: string) {
    this.connected = false;
    this.server.disconnect(reason);
  }
}

const notification = (id: number): Notification => ({
  id,
  summary: `Notification ${id}`,
  type: "deviceAlert",
  created_at: "2025-03-01T10:00:00.000Z",
  seen_at: null,
});

function setup(signedIn = true) {
  const sockets: FakeSocket[] = [];
  const warn = vi.fn();
  const refresh = vi.fn(() => Promise.resolve());
  let session = signedIn;
  const client = createRealtimeClient({
    refresh,
    openSocket: (listeners) => {
      const socket = new FakeSocket(listeners);
      sockets.push(socket);
      return socket;
    },
    isSignedIn: () => session,
    warn,
  });
  clients.push(client);
  return {
    client,
    sockets,
    warn,
    refresh,
    socket: () => {
      const socket = sockets[0];
      if (!socket) throw new Error("no socket was opened");
      return socket;
    },
    signIn: () => {
      session = true;
    },
  };
}

const clients: Array<{ dispose: () => void }> = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
  ioCalls.length = 0;
});

describe("the realtime client", () => {
  it("SH-HTTP-028 SH-HTTP-029 D5 opens socket.io over websockets only, with 5 attempts from 1 s to 5 s and a 20 s timeout", async () => {
    expect(socketOptions()).toEqual({
      path: REALTIME_PATH,
      transports: ["websocket"],
      reconnectionAttempts: 5,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 20_000,
      withCredentials: true,
      autoConnect: false,
    });
    const listeners: SocketListeners = {
      connect: vi.fn(),
      disconnect: vi.fn(),
      connectError: vi.fn(),
      reconnectFailed: vi.fn(),
      event: vi.fn(),
    };
    openSocketIo(listeners);
    // socket.io-client is fetched on first use.
    await vi.waitFor(() => expect(ioCalls).toEqual([[socketOptions()]]));
  });

  it("opens no socket before the first subscription, and none without a session", () => {
    const { client, sockets, signIn } = setup(false);
    expect(sockets).toHaveLength(0);

    const stop = client.subscribe("private-notifications.7", {});
    expect(sockets).toHaveLength(0);
    stop();

    signIn();
    client.subscribe("private-notifications.7", {});
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.connects).toBe(1);
  });

  it("SH-HTTP-028 subscribes and unsubscribes with the channel and its data", () => {
    const { client, socket } = setup();
    const stop = client.subscribe("private-devices.3", {}, { company_id: 3 });
    socket().open();
    stop();

    expect(socket().sent).toEqual([
      ["subscribe", { channel: "private-devices.3", data: { company_id: 3 } }],
      ["unsubscribe", { channel: "private-devices.3", data: { company_id: 3 } }],
    ]);
  });

  it("SH-NOTIF-009 hands each event of a channel to its handlers, and leaves the channel with its last listener", () => {
    const { client, socket } = setup();
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = client.subscribe("private-notifications.7", {
      WebNotificationCreated: first,
    });
    const stopSecond = client.subscribe("private-notifications.7", {
      WebNotificationCreated: second,
    });
    socket().open();
    expect(socket().sent).toEqual([["subscribe", { channel: "private-notifications.7" }]]);

    socket().server.event("WebNotificationCreated", {
      channel: "private-notifications.7",
      data: notification(1),
    });
    socket().server.event("WebNotificationCreated", {
      channel: "private-notifications.8",
      data: notification(2),
    });
    stopFirst();
    expect(socket().sent).toHaveLength(1);
    socket().server.event("WebNotificationCreated", {
      channel: "private-notifications.7",
      data: notification(3),
    });
    stopSecond();

    expect(first.mock.calls).toEqual([[notification(1)]]);
    expect(second.mock.calls).toEqual([[notification(1)], [notification(3)]]);
    expect(socket().sent.at(-1)).toEqual(["unsubscribe", { channel: "private-notifications.7" }]);
  });

  it("subscribes to every channel again after a reconnection", () => {
    const { client, socket } = setup();
    client.subscribe("a", {});
    client.subscribe("b", {});
    socket().open();
    socket().drop("transport close");
    socket().open();

    expect(socket().sent.map(([event, r]) => `${event} ${r.channel}`)).toEqual([
      "subscribe a",
      "subscribe b",
      "subscribe a",
      "subscribe b",
    ]);
  });

  it("SH-ERR-016 closes a channel the server refuses with code 403", () => {
    const { client, socket, warn } = setup();
    const handler = vi.fn();
    client.subscribe("private-notifications.8", { WebNotificationCreated: handler });
    socket().open();

    socket().server.event("subscription_error", {
      channel: "private-notifications.8",
      code: 403,
      message: "Forbidden",
    });
    socket().server.event("WebNotificationCreated", {
      channel: "private-notifications.8",
      data: notification(1),
    });
    socket().drop("ping timeout");
    socket().open();

    expect(handler).not.toHaveBeenCalled();
    expect(socket().sent).toEqual([
      ["subscribe", { channel: "private-notifications.8" }],
      ["unsubscribe", { channel: "private-notifications.8" }],
    ]);
    expect(warn).toHaveBeenCalledWith(
      "Realtime subscription refused:",
      "private-notifications.8",
      403,
      "Forbidden",
    );
  });

  it("SH-ERR-017 only logs any other subscription error", () => {
    const { client, socket, warn } = setup();
    const handler = vi.fn();
    client.subscribe("private-notifications.7", { WebNotificationCreated: handler });
    socket().open();

    socket().server.event("subscription_error", {
      channel: "private-notifications.7",
      code: 500,
      message: "Try again",
    });
    socket().server.event("WebNotificationCreated", {
      channel: "private-notifications.7",
      data: notification(1),
    });

    expect(warn).toHaveBeenCalledWith(
      "Realtime subscription refused:",
      "private-notifications.7",
      500,
      "Try again",
    );
    expect(handler).toHaveBeenCalledOnce();
    expect(socket().sent).toEqual([["subscribe", { channel: "private-notifications.7" }]]);
  });

  it.each(REALTIME_FAILURES)(
    "SH-ERR-018 logs %s and leaves reconnecting to socket.io",
    (failure) => {
      const { client, socket, warn } = setup();
      const handler = vi.fn();
      client.subscribe("private-notifications.7", { WebNotificationCreated: handler });
      socket().open();

      // engine.io reports the first two as errors, the last two as reasons to disconnect.
      if (failure === "ping timeout" || failure === "transport close") socket().drop(failure);
      else socket().server.connectError(new Error(failure));
      socket().open();
      socket().server.event("WebNotificationCreated", {
        channel: "private-notifications.7",
        data: notification(1),
      });

      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Realtime connection/), failure);
      expect(socket().connects).toBe(1);
      expect(handler).toHaveBeenCalledOnce();
    },
  );

  it("SH-ERR-018 stays closed after the attempts run out, until the next subscription", () => {
    const { client, socket, warn } = setup();
    client.subscribe("a", {});
    socket().open();
    socket().drop("transport close");
    socket().server.reconnectFailed();
    expect(warn).toHaveBeenLastCalledWith(expect.stringMatching(/given up/));
    expect(socket().connects).toBe(1);

    client.subscribe("b", {});
    expect(socket().connects).toBe(2);
    socket().open();
    expect(
      socket()
        .sent.slice(-2)
        .map(([, r]) => r.channel),
    ).toEqual(["a", "b"]);
  });

  it("SH-SESSION-004 closes the socket on a token refresh and reconnects its channels afterwards", () => {
    const { client, socket, warn } = setup();
    client.subscribe("private-notifications.7", {});
    socket().open();

    closeSockets();
    expect(socket().disconnects).toBe(1);
    expect(socket().connected).toBe(false);
    expect(warn).not.toHaveBeenCalled();

    emitSessionEvent("tokenRefreshed");
    expect(socket().connects).toBe(2);
    socket().open();
    expect(socket().sent).toEqual([
      ["subscribe", { channel: "private-notifications.7" }],
      ["subscribe", { channel: "private-notifications.7" }],
    ]);
  });

  it("connects again when the server drops the socket, and refreshes the session once if the handshake says it expired", () => {
    const { client, socket, refresh } = setup();
    client.subscribe("private-notifications.7", {});
    socket().open();

    socket().drop("io server disconnect");
    expect(socket().connects).toBe(2);

    const expired = Object.assign(new Error("Sign in again."), { data: { code: 401 } });
    socket().server.connectError(expired);
    socket().server.connectError(expired);
    expect(refresh).toHaveBeenCalledOnce();

    socket().open();
    socket().server.connectError(expired);
    expect(refresh).toHaveBeenCalledTimes(2);
    socket().server.connectError(new Error("server error"));
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it("does not connect after a refresh when nothing listens", () => {
    const { client, socket } = setup();
    const stop = client.subscribe("a", {});
    socket().open();
    stop();
    closeSockets();
    emitSessionEvent("tokenRefreshed");
    expect(socket().connects).toBe(1);
  });
});
