/**
 * Per-user storage (shell §4 Start-up: "set up per-user storage"): local storage under a
 * prefix of the user's id, so that preferences of two people sharing a browser never mix.
 * Start-up sets it up once the current user is known; until then there is none.
 */
export interface UserStorage {
  readonly userId: number;
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /** Forgets everything this user stored in this browser, and nothing of anyone else. */
  clear(): void;
}

const PREFIX = "nf_user";

function prefixOf(userId: number): string {
  return `${PREFIX}:${userId}:`;
}

// Storage can be unavailable (privacy modes, sandboxed frames) or full: preferences are
// then simply not remembered, the console itself keeps working.
function attempt<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export function createUserStorage(userId: number, storage?: Storage): UserStorage {
  const prefix = prefixOf(userId);
  const backing = () => storage ?? window.localStorage;
  return {
    userId,
    get: (key) => attempt(() => backing().getItem(prefix + key), null),
    set: (key, value) => attempt(() => backing().setItem(prefix + key, value), undefined),
    remove: (key) => attempt(() => backing().removeItem(prefix + key), undefined),
    clear: () =>
      attempt(() => {
        const store = backing();
        const own: string[] = [];
        for (let i = 0; i < store.length; i++) {
          const key = store.key(i);
          if (key?.startsWith(prefix)) own.push(key);
        }
        for (const key of own) store.removeItem(key);
      }, undefined),
  };
}

let current: UserStorage | null = null;

/** Called by start-up when the current user is known. */
export function setUpUserStorage(userId: number): UserStorage {
  if (current?.userId !== userId) current = createUserStorage(userId);
  return current;
}

/** The signed-in user's storage; null before start-up knows who that is. */
export function userStorage(): UserStorage | null {
  return current;
}
