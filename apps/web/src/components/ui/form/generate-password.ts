import { FORMS } from "@netfleet/contracts/constants";

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
const SYMBOLS = "!@#$%^&*()-_=+[]{};:,.?";
const GROUPS = [UPPER, LOWER, DIGITS, SYMBOLS] as const;

/** A uniformly random index below `size`, from the browser's cryptographic source. */
function randomIndex(size: number): number {
  // Rejection sampling keeps every index equally likely (no modulo bias).
  const limit = Math.floor(0x1_0000_0000 / size) * size;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const n = buffer[0] as number;
    if (n < limit) return n % size;
  }
}

function pick(alphabet: string): string {
  return alphabet[randomIndex(alphabet.length)] as string;
}

/**
 * A password for the Generate button (forms §5, §9): 16 characters with at least one
 * upper-case letter, lower-case letter, digit and symbol, in random order.
 */
export function generatePassword(length: number = FORMS.generatedPasswordLength): string {
  const all = GROUPS.join("");
  const chars = GROUPS.map(pick);
  while (chars.length < length) chars.push(pick(all));
  // Fisher–Yates, so the guaranteed characters are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join("");
}
