/**
 * The device list's filter vocabulary (RMS API v3 `GET /devices`: `status`, `signal`) and
 * the bounds that keep the list fast at a million devices. Shared by the server's SQL, the
 * statistics it answers and the console's filters and charts. Free of zod.
 */

/**
 * `status` filter values. RMS has online, offline and not_activated; Netfleet's devices can
 * also be pending (status 2), so the filter names it too.
 */
export const DEVICE_STATUS_FILTERS = ["online", "offline", "pending", "not_activated"] as const;
export type DeviceStatusFilter = (typeof DEVICE_STATUS_FILTERS)[number];

/** The filter value a stored status falls under (0 Offline, 1 Online, 2 Pending, else Not Activated). */
export function statusFilterOf(status: number): DeviceStatusFilter {
  return status === 0
    ? "offline"
    : status === 1
      ? "online"
      : status === 2
        ? "pending"
        : "not_activated";
}

/** `signal` filter values, as RMS names them. */
export const SIGNAL_BUCKETS = ["excellent", "average", "low", "no_signal"] as const;
export type SignalBucket = (typeof SIGNAL_BUCKETS)[number];

/**
 * Where the buckets split, in dBm. Neither specification gives thresholds; these are the
 * usual RSSI grades of cellular routers: -70 dBm and stronger is excellent, down to -85 dBm
 * average, weaker than that low. A device that reported no signal has none.
 */
export const SIGNAL_THRESHOLDS_DBM = { excellent: -70, average: -85 } as const;

export function signalBucketOf(signal: number | null | undefined): SignalBucket {
  if (signal === null || signal === undefined) return "no_signal";
  if (signal >= SIGNAL_THRESHOLDS_DBM.excellent) return "excellent";
  if (signal >= SIGNAL_THRESHOLDS_DBM.average) return "average";
  return "low";
}

/**
 * The list counts matches up to this many and then says "more" (`meta.total_capped`): an
 * exact count of a million rows costs more than the page itself.
 */
export const DEVICE_LIST_COUNT_CAP = 10_000;

/**
 * The largest `offset` the list serves. Reading past N rows costs N; beyond this a client
 * pages on with the cursor `meta.next` gives (`after`), which costs the same on every page.
 */
export const DEVICE_LIST_MAX_OFFSET = 10_000;

/** The key a device without firmware is counted under in the statistics, and filtered by. */
export const UNKNOWN_FIRMWARE = "unknown";
