import { hashSecret, safeEqual } from "../../lib/secrets";

/** Lookups gathered into one query: up to this many, or what arrives within `WINDOW_MS`. */
const BATCH = 500;
const WINDOW_MS = 5;

/**
 * Checks device secrets against their stored hashes, gathering the connections that arrive
 * together into one lookup: a fleet reconnecting after an outage costs a few queries, not one
 * per device.
 */
export function batchedSecretCheck(
  lookup: (ids: readonly number[]) => Promise<Map<number, string>>,
): (deviceId: number, secret: string) => Promise<boolean> {
  let waiting = new Map<number, ((stored: string | undefined) => void)[]>();
  let timer: NodeJS.Timeout | undefined;

  function run() {
    clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = new Map();
    lookup([...batch.keys()]).then(
      (found) => {
        for (const [id, answers] of batch) for (const answer of answers) answer(found.get(id));
      },
      () => {
        // The database failed: refuse these connections; devices retry.
        for (const answers of batch.values()) for (const answer of answers) answer(undefined);
      },
    );
  }

  return async (deviceId, secret) => {
    const stored = await new Promise<string | undefined>((resolve) => {
      const answers = waiting.get(deviceId);
      if (answers) answers.push(resolve);
      else waiting.set(deviceId, [resolve]);
      if (waiting.size >= BATCH) run();
      else timer ??= setTimeout(run, WINDOW_MS);
    });
    return stored !== undefined && safeEqual(stored, hashSecret(secret));
  };
}
