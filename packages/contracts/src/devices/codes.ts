/**
 * Numeric codes devices and the API use, and what each means (spec F§3 Device). The
 * connection status labels are in device-status.ts. Labels are English; the `kind` values
 * are stable keys for translations.
 */

/** `is_facelift`: 0 an original unit, 1 a facelift (FM-ENTITY-013). */
export const FACELIFT = { notFacelift: 0, facelift: 1 } as const;
export type FaceliftFlag = (typeof FACELIFT)[keyof typeof FACELIFT];

/** Whether an `is_facelift` value marks a facelift; anything but 1 does not. */
export function isFacelift(value: number | null | undefined): boolean {
  return value === FACELIFT.facelift;
}

/** Connection attempt outcomes with a fixed meaning; any other code is "other". */
export const CONNECTION_ATTEMPT_KINDS = [
  "attempted",
  "monitoring_disabled",
  "no_active_credit",
  "serial_duplicate",
] as const;
export type ConnectionAttemptKind = (typeof CONNECTION_ATTEMPT_KINDS)[number] | "other";

/** The codes of a device's last connection attempt that have a fixed meaning (FM-ENTITY-014). */
export const CONNECTION_ATTEMPT_CODES: Readonly<
  Record<(typeof CONNECTION_ATTEMPT_KINDS)[number], readonly number[]>
> = {
  attempted: [0, 10, 12, 20, 104],
  monitoring_disabled: [14],
  no_active_credit: [15],
  serial_duplicate: [7],
};

export const CONNECTION_ATTEMPT_LABELS: Readonly<
  Record<(typeof CONNECTION_ATTEMPT_KINDS)[number], string>
> = {
  attempted: "Attempted to connect",
  monitoring_disabled: "Monitoring disabled",
  no_active_credit: "No active credit",
  serial_duplicate: "Serial number duplicate with different MAC",
};

export function connectionAttemptKind(code: number): ConnectionAttemptKind {
  return (
    CONNECTION_ATTEMPT_KINDS.find((kind) => CONNECTION_ATTEMPT_CODES[kind].includes(code)) ??
    "other"
  );
}

/**
 * What to show for a connection attempt code. A code without a fixed meaning shows the
 * reason text the device gave; with no text either, the code itself, so the row is never
 * blank and support can still look it up.
 */
export function connectionAttemptLabel(code: number, reason?: string | null): string {
  const kind = connectionAttemptKind(code);
  if (kind !== "other") return CONNECTION_ATTEMPT_LABELS[kind];
  const text = reason?.trim();
  return text ? text : `Unknown reason (code ${code})`;
}

export type L2tpStatus = "running" | "stopped" | "disabled" | "mixed" | "none";

/** The summary codes of a device's L2TP instances (FM-ENTITY-015); 0 stands for none. */
export const L2TP_STATUS_CODES = {
  running: 1,
  stopped: 2,
  disabled: 3,
  mixed: 4,
  none: 0,
} as const satisfies Record<L2tpStatus, number>;
export type L2tpStatusCode = (typeof L2TP_STATUS_CODES)[L2tpStatus];

export const L2TP_STATUS_LABELS: Readonly<Record<L2tpStatus, string>> = {
  running: "All online/running",
  stopped: "All offline/stopped",
  disabled: "All disabled",
  mixed: "Mixed",
  none: "No L2TP instances",
};

/** 1 running, 2 stopped, 3 disabled, 4 mixed, anything else none (FM-ENTITY-015). */
export function l2tpStatusOf(code: number | null | undefined): L2tpStatus {
  const named = (Object.keys(L2TP_STATUS_CODES) as L2tpStatus[]).find(
    (status) => status !== "none" && L2TP_STATUS_CODES[status] === code,
  );
  return named ?? "none";
}

export function l2tpStatusLabel(code: number | null | undefined): string {
  return L2TP_STATUS_LABELS[l2tpStatusOf(code)];
}

/** One L2TP instance as a device reports it (RMS API v3's device VPN status). */
export interface L2tpInstanceState {
  is_enabled: boolean;
  is_running: boolean;
}

/**
 * The summary code for a device's L2TP instances: every instance running, every enabled
 * one stopped, every one disabled, or a mix; 0 without instances. A disabled instance
 * beside stopped ones makes a mix, since "all offline" would hide that one is off on purpose.
 */
export function l2tpStatusCode(instances: readonly L2tpInstanceState[]): L2tpStatusCode {
  if (instances.length === 0) return L2TP_STATUS_CODES.none;
  const every = (test: (instance: L2tpInstanceState) => boolean) => instances.every(test);
  if (every((i) => i.is_enabled && i.is_running)) return L2TP_STATUS_CODES.running;
  if (every((i) => i.is_enabled && !i.is_running)) return L2TP_STATUS_CODES.stopped;
  if (every((i) => !i.is_enabled)) return L2TP_STATUS_CODES.disabled;
  return L2TP_STATUS_CODES.mixed;
}
