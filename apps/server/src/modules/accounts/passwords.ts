import { hash, verify, type Options } from "@node-rs/argon2";

/**
 * OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. `algorithm: 2` is Argon2id; the
 * library's enum is const and cannot be imported under verbatimModuleSyntax.
 */
const OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * Verifying against this hash when the account does not exist makes a wrong e-mail cost
 * the same time as a wrong password, so response times do not reveal which accounts exist.
 */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(hashed: string | null, password: string): Promise<boolean> {
  try {
    const ok = await verify(
      hashed ?? (await (dummyHash ??= hashPassword("not a password"))),
      password,
    );
    return hashed !== null && ok;
  } catch {
    return false;
  }
}
