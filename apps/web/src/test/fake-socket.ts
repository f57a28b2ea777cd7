import type { ChannelEvents } from "@netfleet/contracts/events";

type Listener = (...args: unknown[]) => void;

/**
 * A stand-in for socket.io-client's socket in component tests: it connects at once and
 * lets the test push events as the server would. Tests install it with
 * `vi.mock("socket.io-client", () => ({ io: () => fakeSocket }))`.
 */
export function createFakeSocket() {
  const listeners = new Map<string, Listener[]>();
  const anyListeners: Listener[] = [];
  const sent: unknown[][] = [];
  let connected = false;

  const fire = (event: string, ...args: unknown[]) => {
    for (const fn of listeners.get(event) ?? []) fn(...args);
  };

  const socket = {
    get connected() {
      return connected;
    },
    on(event: string, fn: Listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), fn]);
      return socket;
    },
    onAny(fn: Listener) {
      anyListeners.push(fn);
      return socket;
    },
    io: { on: () => undefined },
    connect() {
      if (!connected) {
        connected = true;
        fire("connect");
      }
      return socket;
    },
    disconnect() {
      connected = false;
      fire("disconnect", "io client disconnect");
      return socket;
    },
    emit(...args: unknown[]) {
      sent.push(args);
      return socket;
    },
  };

  return {
    socket,
    /** What the client sent: `[event, request]` pairs. */
    sent,
    /** Pushes `event` on `channel`, as the server does. */
    push<E extends keyof ChannelEvents>(channel: string, event: E, data: ChannelEvents[E]) {
      for (const fn of anyListeners) fn(event, { channel, data });
    },
  };
}
