import { Readable } from "node:stream";

interface RetainedPacket {
  topic: string;
  payload: Buffer | string;
}

/** Whether an MQTT topic filter (with `+` and `#`) matches a topic name. */
export function topicMatches(filter: string, topic: string): boolean {
  // Wildcards at the first level never match the broker's own `$` topics (MQTT 3.1.1, 4.7.2).
  if (topic.startsWith("$") && (filter.startsWith("+") || filter.startsWith("#"))) return false;
  const f = filter.split("/");
  const t = topic.split("/");
  for (let i = 0; i < f.length; i++) {
    if (f[i] === "#") return true;
    if (i >= t.length) return false;
    if (f[i] !== "+" && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

/** The first two levels of a topic (`nf/42`): one device's topics share it. */
function bucketOf(topic: string): string {
  const first = topic.indexOf("/");
  const second = first < 0 ? -1 : topic.indexOf("/", first + 1);
  return second < 0 ? topic : topic.slice(0, second);
}

/**
 * The broker's retained messages, indexed by their first two topic levels. The memory store
 * aedes ships compares every retained topic with each new subscription, so a fleet whose
 * devices each keep a retained status pays fleet × fleet comparisons to reconnect; here a
 * device's subscription reads only its own bucket.
 */
export function retainedIndex() {
  const buckets = new Map<string, Map<string, RetainedPacket>>();

  function* matching(filters: readonly string[]): Generator<RetainedPacket> {
    for (const filter of filters) {
      const bucket = bucketOf(filter);
      const exact = !/[+#]/.test(bucket) && bucket.includes("/");
      const places = exact ? [buckets.get(bucket)] : buckets.values();
      for (const place of places) {
        if (!place) continue;
        for (const packet of place.values()) if (topicMatches(filter, packet.topic)) yield packet;
      }
    }
  }

  return {
    /** Keeps a retained message; an empty payload clears the topic's (MQTT's rule). */
    store(packet: RetainedPacket) {
      const key = bucketOf(packet.topic);
      const place = buckets.get(key);
      if (packet.payload.length === 0) {
        place?.delete(packet.topic);
        if (place?.size === 0) buckets.delete(key);
        return;
      }
      const copy = { ...packet };
      if (place) place.set(packet.topic, copy);
      else buckets.set(key, new Map([[packet.topic, copy]]));
    },
    /** The retained messages any of `filters` match, as the stream aedes reads. */
    stream: (filters: readonly string[]) => Readable.from(matching(filters)),
  };
}
