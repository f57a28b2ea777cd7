/**
 * Deterministic randomness: every simulated value is a pure function of the fleet's seed,
 * the device's number and the time, so a test (or a restarted simulator) sees the same
 * fleet, and 10 000 devices carry no random-generator state of their own.
 */

/** A 32-bit hash of a few integers (murmur3's finaliser over a running mix). */
function mix(values: readonly number[]): number {
  let h = 0x9e3779b9;
  for (const value of values) {
    h = Math.imul(h ^ (value | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    // Values beyond 32 bits (times in ms) contribute their high part too.
    const high = Math.floor(value / 0x1_0000_0000);
    if (high !== 0) h = Math.imul(h ^ high, 0x27d4eb2f);
  }
  return h >>> 0;
}

/** A number in [0, 1) fixed by its inputs. */
export function unit(...values: number[]): number {
  return mix(values) / 0x1_0000_0000;
}

/** An integer in [min, max] fixed by its inputs. */
export function between(min: number, max: number, ...values: number[]): number {
  return min + Math.floor(unit(...values) * (max - min + 1));
}

/** One of the items, fixed by the inputs. */
export function choose<T>(items: readonly T[], ...values: number[]): T {
  const item = items[Math.floor(unit(...values) * items.length)];
  if (item === undefined) throw new Error("choose() needs at least one item");
  return item;
}

/**
 * Value noise in [0, 1] that drifts smoothly over `periodSeconds`: random values at each
 * period boundary, eased between. Its slope never exceeds 1.5 / period.
 */
export function drift(timeSeconds: number, periodSeconds: number, ...values: number[]): number {
  const position = timeSeconds / periodSeconds;
  const step = Math.floor(position);
  const f = position - step;
  const eased = f * f * (3 - 2 * f);
  const a = unit(...values, step);
  const b = unit(...values, step + 1);
  return a + (b - a) * eased;
}

/** A 32-bit number for a text (FNV-1a), so that traits can follow a serial number. */
export function textKey(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
