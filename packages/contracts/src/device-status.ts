/**
 * Device connection status (spec F§3 Device). Kept free of zod so pages that only show
 * a status do not load the schema library.
 */
export type ConnectionStatusLabel = "Offline" | "Online" | "Pending" | "Not Activated";

export function connectionStatusLabel(status: number): ConnectionStatusLabel {
  return status === 0
    ? "Offline"
    : status === 1
      ? "Online"
      : status === 2
        ? "Pending"
        : "Not Activated";
}
