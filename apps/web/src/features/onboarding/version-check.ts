import { BUILD_TIMESTAMP, STORAGE_KEYS } from "@netfleet/contracts/constants";

/** Seconds since the epoch when this bundle was built, set by the build (vite.config.ts). */
declare const __NETFLEET_BUILD_TIMESTAMP__: number;

/** How often the running console asks whether a newer version was deployed. */
export const VERSION_CHECK_INTERVAL_MS = 5 * 60_000;

/**
 * The version this bundle is: the later of the product's release timestamp and the moment
 * the bundle was built, so a rebuilt release counts as newer than the one it replaces.
 */
export function buildTimestamp(): number {
  const built = typeof __NETFLEET_BUILD_TIMESTAMP__ === "number" ? __NETFLEET_BUILD_TIMESTAMP__ : 0;
  return Math.max(BUILD_TIMESTAMP, built);
}

/**
 * Whether the server offers a newer version (SH-START-015, SH-START-016): newer than the
 * one the user last updated to (or dismissed, 0) and newer than the running bundle.
 */
export function isNewerVersion(serverTs: number, storedTs: number, buildTs: number): boolean {
  return serverTs > storedTs && serverTs > buildTs;
}

/** Developers run the console on localhost, where every save is a "new version" (SH-START-018). */
export function shouldCheckVersion(hostname: string): boolean {
  return hostname !== "localhost";
}

export function storedVersionTimestamp(): number {
  try {
    const value = Number(window.localStorage.getItem(STORAGE_KEYS.currentVersionTimestamp));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

export function storeVersionTimestamp(timestamp: number): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.currentVersionTimestamp, String(timestamp));
  } catch {
    // Without storage the prompt may come back after a reload; nothing else breaks.
  }
}
