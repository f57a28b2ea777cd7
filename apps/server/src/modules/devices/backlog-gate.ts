import type { Writable } from "node:stream";

/**
 * Devices' messages the broker holds back while the gateway has not taken what it was sent.
 * The broker reads from every device faster than the gateway parses and stores; without a
 * limit, the difference waits in the gateway connection's write buffer, and at saturation
 * that grew past a gigabyte. Past `limitBytes` unsent, each device's next message waits for
 * the connection to drain: the broker stops reading from that device, TCP slows it down, and
 * the backlog stays in the devices.
 */
export function backlogGate(limitBytes: number, onHeld?: () => void) {
  let connection: Writable | undefined;
  let drained: Promise<void> | undefined;
  return {
    /** The gateway's connection, once it has authenticated. */
    watch(stream: Writable) {
      connection = stream;
    },
    /** Calls `go` now, or once the gateway's connection has drained (or closed). */
    pass(go: () => void) {
      const stream = connection;
      if (!stream || stream.destroyed || stream.writableLength <= limitBytes) return go();
      onHeld?.();
      drained ??= new Promise<void>((resolve) => {
        // A buffer past the stream's high-water mark always ends in `drain` or `close`.
        const done = () => {
          stream.off("drain", done);
          stream.off("close", done);
          drained = undefined;
          resolve();
        };
        stream.on("drain", done);
        stream.on("close", done);
      });
      void drained.then(go);
    },
  };
}
