import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { backlogGate } from "./backlog-gate";

/** A connection whose reader takes nothing until `take()`, then everything. */
function slowConnection() {
  let blocked: (() => void) | undefined;
  let taking = false;
  const stream = new Writable({
    highWaterMark: 16,
    write(_chunk, _encoding, callback) {
      if (taking) callback();
      else blocked = callback;
    },
  });
  return {
    stream,
    take() {
      taking = true;
      blocked?.();
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("the broker's backlog gate", () => {
  it("lets messages through while the gateway keeps up", () => {
    const gate = backlogGate(64);
    const { stream } = slowConnection();
    gate.watch(stream);
    stream.write(Buffer.alloc(32));
    let passed = 0;
    gate.pass(() => passed++);
    expect(passed).toBe(1);
  });

  it("holds every device's message past the limit and releases them all once the gateway drains", async () => {
    let held = 0;
    const gate = backlogGate(64, () => held++);
    const connection = slowConnection();
    gate.watch(connection.stream);
    for (let i = 0; i < 5; i++) connection.stream.write(Buffer.alloc(32));
    const passed: number[] = [];
    for (let device = 1; device <= 3; device++) gate.pass(() => passed.push(device));
    await tick();
    expect(passed).toEqual([]);
    expect(held).toBe(3);
    connection.take();
    await tick();
    expect(passed).toEqual([1, 2, 3]);
    // Drained: the next message goes through at once.
    gate.pass(() => passed.push(4));
    expect(passed).toEqual([1, 2, 3, 4]);
  });

  it("releases held messages when the gateway's connection closes", async () => {
    const gate = backlogGate(64);
    const connection = slowConnection();
    gate.watch(connection.stream);
    for (let i = 0; i < 5; i++) connection.stream.write(Buffer.alloc(32));
    let passed = 0;
    gate.pass(() => passed++);
    connection.stream.destroy();
    await tick();
    expect(passed).toBe(1);
  });
});
