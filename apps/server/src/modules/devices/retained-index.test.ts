import { describe, expect, it } from "vitest";
import { retainedIndex, topicMatches } from "./retained-index";

async function topicsOf(stream: AsyncIterable<{ topic: string }>) {
  const topics: string[] = [];
  for await (const packet of stream) topics.push(packet.topic);
  return topics.sort();
}

describe("topicMatches", () => {
  it("follows MQTT's wildcard rules", () => {
    expect(topicMatches("nf/1/down/+", "nf/1/down/task")).toBe(true);
    expect(topicMatches("nf/1/down/+", "nf/12/down/task")).toBe(false);
    expect(topicMatches("nf/1/down/+", "nf/1/down/task/x")).toBe(false);
    expect(topicMatches("nf/+/up/+", "nf/7/up/status")).toBe(true);
    expect(topicMatches("nf/#", "nf/7/up/status")).toBe(true);
    expect(topicMatches("nf/#", "nf")).toBe(true);
    expect(topicMatches("#", "$SYS/broker/clients")).toBe(false);
    expect(topicMatches("+/broker/clients", "$SYS/broker/clients")).toBe(false);
    expect(topicMatches("$SYS/#", "$SYS/broker/clients")).toBe(true);
  });
});

describe("the broker's retained messages", () => {
  function withStatuses(count: number) {
    const index = retainedIndex();
    for (let id = 1; id <= count; id++)
      index.store({ topic: `nf/${id}/up/status`, payload: Buffer.from(`{"id":${id}}`) });
    return index;
  }

  it("gives a device's subscription only its own topics", async () => {
    const index = withStatuses(50);
    index.store({ topic: "nf/7/down/task", payload: "reboot" });
    expect(await topicsOf(index.stream(["nf/7/down/+"]))).toEqual(["nf/7/down/task"]);
    expect(await topicsOf(index.stream(["nf/7/#"]))).toEqual(["nf/7/down/task", "nf/7/up/status"]);
    expect(await topicsOf(index.stream(["nf/8/down/+"]))).toEqual([]);
  });

  it("gives a wildcard subscription every match", async () => {
    const index = withStatuses(3);
    index.store({ topic: "other", payload: "x" });
    expect(await topicsOf(index.stream(["nf/+/up/status"]))).toEqual([
      "nf/1/up/status",
      "nf/2/up/status",
      "nf/3/up/status",
    ]);
    expect(await topicsOf(index.stream(["#"]))).toHaveLength(4);
  });

  it("keeps the latest message per topic and forgets one cleared with an empty payload", async () => {
    const index = withStatuses(2);
    index.store({ topic: "nf/1/up/status", payload: Buffer.from("later") });
    index.store({ topic: "nf/2/up/status", payload: Buffer.alloc(0) });
    const kept: string[] = [];
    for await (const packet of index.stream(["nf/+/up/status"]))
      kept.push(String((packet as { payload: Buffer }).payload));
    expect(kept).toEqual(["later"]);
  });
});
