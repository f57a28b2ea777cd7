import type { DataEnvelope, ListEnvelope } from "@netfleet/contracts/envelope";

/** Builders of the success envelope, so every handler answers the same shape. */
export function ok<T>(data: T, message?: string): DataEnvelope<T> {
  return message === undefined ? { success: true, data } : { success: true, data, message };
}

export function okList<T>(data: T[], total: number): ListEnvelope<T> {
  return { success: true, data, meta: { total } };
}

export function okMessage(message: string): { success: true; message: string } {
  return { success: true, message };
}
