import {
  STORAGE_MAX_KEYS_PER_USER,
  STORAGE_VALUE_MAX_BYTES,
} from "@netfleet/contracts/schemas/storage";
import type { Db } from "../../db/client";
import { AppError } from "../../plugins/errors";
import { storageRepo } from "./storage.repo";

type Repo = ReturnType<typeof storageRepo>;

/** Values are measured as the UTF-8 JSON the client sent, not as PostgreSQL stores them. */
function checkValueSize(value: unknown): void {
  const bytes = Buffer.byteLength(JSON.stringify(value), "utf8");
  if (bytes > STORAGE_VALUE_MAX_BYTES) {
    throw new AppError(
      "VALIDATION_FAILED",
      `A stored value may take at most ${STORAGE_VALUE_MAX_BYTES} bytes as JSON; this one takes ${bytes}.`,
      { source: "value" },
    );
  }
}

async function checkRoom(repo: Repo, userId: number): Promise<void> {
  if ((await repo.countKeys(userId)) >= STORAGE_MAX_KEYS_PER_USER) {
    throw new AppError(
      "CONFLICT",
      `You can keep at most ${STORAGE_MAX_KEYS_PER_USER} stored preferences. Delete one before adding another.`,
    );
  }
}

/**
 * Sets a value, adding the key when it is missing: two browsers that both believe a key
 * is new must not fail each other. Answers whether the key was created.
 */
export async function putEntry(db: Db, userId: number, key: string, value: unknown) {
  checkValueSize(value);
  return db.transaction(async (tx) => {
    const repo = storageRepo(tx);
    await repo.lock(userId);
    if (await repo.exists(userId, key)) {
      await repo.update(userId, key, value);
      return { created: false };
    }
    await checkRoom(repo, userId);
    await repo.insert(userId, key, value);
    return { created: true };
  });
}

/** Adds a key; one that exists already is a conflict, so nothing is overwritten unawares. */
export async function createEntry(db: Db, userId: number, key: string, value: unknown) {
  checkValueSize(value);
  await db.transaction(async (tx) => {
    const repo = storageRepo(tx);
    await repo.lock(userId);
    if (await repo.exists(userId, key)) {
      throw new AppError(
        "CONFLICT",
        `A preference named "${key}" is stored already; change it with PUT /api/storage/${key}.`,
        { source: "key" },
      );
    }
    await checkRoom(repo, userId);
    await repo.insert(userId, key, value);
  });
}
