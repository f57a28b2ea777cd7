import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A random secret for links and tokens: 32 bytes, base64url. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/**
 * Tokens are looked up by hash, never stored in clear. SHA-256 suffices: they carry
 * 256 bits of randomness, so there is nothing to brute-force.
 */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
