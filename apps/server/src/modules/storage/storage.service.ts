import { STORAGE_MAX_KEYS_PER_USER } from "@netfleet/contracts/schemas/storage";
import type { Db } from "../../db/client";
import { AppError } from "../../plugins/errors";
import { storageRepo } from "./storage.repo";

type Repo = ReturnType<typeof storageRepo>;

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
