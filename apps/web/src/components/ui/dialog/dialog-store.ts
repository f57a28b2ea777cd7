import { notifications } from "@mantine/notifications/store";
import { create } from "zustand";
import { FORMS } from "@netfleet/contracts/constants";
import { i18n } from "../../../lib/i18n";
import { trackDialog } from "./dialog-analytics";
import type { DialogDefinition, DialogEntry, PromptResult } from "./dialog-types";
import { isReminderOff } from "./reminders";

export { setDialogAnalyticsSink } from "./dialog-analytics";
export type { DialogAnalyticsEvent, DialogAnalyticsSink } from "./dialog-analytics";

/** More minimised dialogs than this are refused unless forced (FM-DIALOG-013/014). */
export const MAX_MINIMIZED_DIALOGS: number = FORMS.maxMinimizedDialogs;

interface DialogState {
  entries: readonly DialogEntry[];
}

/**
 * The one stack of open dialogs (forms §2 "Dialog system"). Everything is a plain function
 * so that code outside React (the HTTP confirmations, the submit cycle) can open dialogs;
 * `DialogHost` draws the stack.
 */
const useDialogState = create<DialogState>(() => ({ entries: [] }));

let topZ = 0;
let instances = 0;

function entries(): readonly DialogEntry[] {
  return useDialogState.getState().entries;
}

function find(id: string): DialogEntry | undefined {
  return entries().find((e) => e.definition.id === id);
}

function update(id: string, change: (entry: DialogEntry) => DialogEntry): void {
  useDialogState.setState((state) => ({
    entries: state.entries.map((e) => (e.definition.id === id ? change(e) : e)),
  }));
}

/** The open dialog with this id, if any. */
export function dialogEntry(id: string): DialogEntry | undefined {
  return find(id);
}

/** The main (focused) dialog: the highest of those not minimised (FM-DIALOG-007). */
export function mainDialogId(): string | undefined {
  return mainOf(entries());
}

/** The main dialog of a given stack; for components that already hold the entries. */
export function mainOf(list: readonly DialogEntry[]): string | undefined {
  let main: DialogEntry | undefined;
  for (const entry of list) {
    if (!entry.minimized && (!main || entry.z > main.z)) main = entry;
  }
  return main?.definition.id;
}

/**
 * Opens a dialog as the main one. An id already open is replaced and brought to the front
 * (FM-DIALOG-005/006). A definition whose reminder the user switched off is not shown: its
 * `onConfirm` runs at once, as if the user had confirmed again.
 */
export function openDialog<P extends object = Record<string, unknown>>(
  definition: DialogDefinition<P>,
): void {
  // The stack holds bodies of every props type; each body receives the props it was given.
  const def = definition as unknown as DialogDefinition;
  if (def.reminderKey && isReminderOff(def.reminderKey)) {
    void Promise.resolve(def.onConfirm?.({ remember: true })).catch(() => undefined);
    return;
  }
  const previous = find(def.id);
  const entry: DialogEntry = {
    definition: def,
    minimized: false,
    fullscreen: previous?.fullscreen ?? false,
    z: ++topZ,
    offset: previous?.offset ?? { x: 0, y: 0 },
    instance: ++instances,
    focusRequest: (previous?.focusRequest ?? 0) + 1,
  };
  useDialogState.setState((state) => ({
    entries: previous
      ? state.entries.map((e) => (e === previous ? entry : e))
      : [...state.entries, entry],
  }));
  // The replaced dialog is gone as far as its opener is concerned.
  if (previous && previous.definition !== def) previous.definition.onClose?.();
  trackDialog({ type: "dialog_open", id: def.id, title: def.title });
}

/** Closes a dialog; its `onClose` runs however it was closed. */
export function closeDialog(id: string): void {
  const entry = find(id);
  if (!entry) return;
  useDialogState.setState((state) => ({ entries: state.entries.filter((e) => e !== entry) }));
  entry.definition.onClose?.();
}

export function closeAllDialogs(): void {
  const all = entries();
  useDialogState.setState({ entries: [] });
  for (const entry of all) entry.definition.onClose?.();
}

/** Makes a dialog the main one (a click on it does this). */
export function focusDialog(id: string): void {
  const entry = find(id);
  if (!entry || entry.minimized || mainDialogId() === id) return;
  update(id, (e) => ({ ...e, z: ++topZ }));
}

/** Restores a minimised dialog as the main one and puts the focus in it (FM-DIALOG-012). */
export function restoreDialog(id: string): void {
  if (!find(id)) return;
  update(id, (e) => ({ ...e, minimized: false, z: ++topZ, focusRequest: e.focusRequest + 1 }));
}

/**
 * Minimises a dialog, or restores it when it already is (FM-DIALOG-010). A minimise past
 * the cap is refused with a toast unless `force` (FM-DIALOG-013/014). Returns whether the
 * dialog changed state.
 */
export function minimizeDialog(id: string, { force = false }: { force?: boolean } = {}): boolean {
  const entry = find(id);
  if (!entry) return false;
  if (entry.minimized) {
    restoreDialog(id);
    return true;
  }
  const minimized = entries().filter((e) => e.minimized).length;
  if (!force && minimized >= MAX_MINIMIZED_DIALOGS) {
    notifications.show({ color: "red", message: i18n.t("dialogs:minimizeLimit") });
    return false;
  }
  update(id, (e) => ({ ...e, minimized: true }));
  trackDialog({ type: "dialog_minimize", id, title: entry.definition.title });
  return true;
}

export function toggleFullscreen(id: string): void {
  update(id, (e) => ({ ...e, fullscreen: !e.fullscreen }));
}

/** Sets the drag offset of a dialog from its centred position. */
export function moveDialog(id: string, offset: { x: number; y: number }): void {
  update(id, (e) => ({ ...e, offset }));
}

/** The open dialogs, in the order they were first opened. */
export function useDialogs(): readonly DialogEntry[] {
  return useDialogState((s) => s.entries);
}

/**
 * Opens a prompt (message, Confirm / Cancel) and resolves with what was confirmed, or null
 * when it was cancelled or closed. `onConfirm` still runs first, and a rejection of it keeps
 * the prompt open; a prompt whose reminder is off resolves at once.
 */
export function openPrompt(
  definition: Omit<DialogDefinition, "prompt">,
): Promise<PromptResult | null> {
  return new Promise((resolve) => {
    openDialog({
      ...definition,
      prompt: true,
      onConfirm: async (result) => {
        await definition.onConfirm?.(result);
        resolve(result);
      },
      onClose: () => {
        definition.onClose?.();
        resolve(null);
      },
    });
  });
}
