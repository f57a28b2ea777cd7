import { useEffect } from "react";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { create } from "zustand";
import { setRemoteValue, useRemoteValue } from "../../../lib/remote-storage";

/**
 * "Do not show this again" (FM-DIALOG-027/028): the reminder keys the user switched off,
 * kept per user in the remote preferences under `reminders`, so the choice follows them
 * to every browser. The dialog store reads them outside React; the mounted hooks keep that
 * copy in step with the stored list and lend it the query client to write with.
 */
export const REMINDERS_STORAGE_KEY = "reminders";

interface RemindersState {
  off: readonly string[];
}

const useRemindersState = create<RemindersState>(() => ({ off: [] }));

let writer: QueryClient | null = null;

function parseReminders(raw: unknown): string[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  return raw.filter((key): key is string => typeof key === "string");
}

/** Whether the user asked not to see the reminder `key` again. */
export function isReminderOff(key: string): boolean {
  return useRemindersState.getState().off.includes(key);
}

/** Every reminder the user switched off. */
export function remindersOff(): readonly string[] {
  return useRemindersState.getState().off;
}

/** Switches the reminder `key` off (`off` true) or on again, and stores the choice. */
export function setReminderOff(key: string, off: boolean): Promise<void> {
  const current = useRemindersState.getState().off;
  if (current.includes(key) === off) return Promise.resolve();
  const next = off ? [...current, key] : current.filter((k) => k !== key);
  return storeReminders(next);
}

/** Shows every reminder again. */
export function resetReminders(): Promise<void> {
  return storeReminders([]);
}

function storeReminders(next: readonly string[]): Promise<void> {
  useRemindersState.setState({ off: next });
  if (!writer) return Promise.resolve();
  // The choice already applies in this browser; a failed write only means it is not kept.
  return setRemoteValue(writer, REMINDERS_STORAGE_KEY, [...next]).catch(() => undefined);
}

/** Forgets the reminders held in memory, e.g. when another user signs in. */
export function forgetReminders(): void {
  writer = null;
  useRemindersState.setState({ off: [] });
}

export interface Reminders {
  /** Reminder keys switched off. */
  off: readonly string[];
  /** True once the stored choice has been read. */
  loaded: boolean;
  setOff: (key: string, off: boolean) => Promise<void>;
  resetAll: () => Promise<void>;
}

/**
 * The switched-off reminders as this browser knows them, without reading the remote
 * preferences itself (the console's `DialogHost` keeps them in step).
 */
export function useRemindersOff(): readonly string[] {
  return useRemindersState((s) => s.off);
}

/** The signed-in user's switched-off reminders, kept in step with the remote preferences. */
export function useReminders(enabled = true): Reminders {
  const queryClient = useQueryClient();
  const stored = useRemoteValue(REMINDERS_STORAGE_KEY, parseReminders, enabled);
  const off = useRemindersState((s) => s.off);
  const storedKey = stored.value?.join("\n");

  useEffect(() => {
    writer = queryClient;
  }, [queryClient]);

  useEffect(() => {
    if (!stored.loaded) return;
    useRemindersState.setState({ off: storedKey ? storedKey.split("\n") : [] });
  }, [stored.loaded, storedKey]);

  return { off, loaded: stored.loaded, setOff: setReminderOff, resetAll: resetReminders };
}
