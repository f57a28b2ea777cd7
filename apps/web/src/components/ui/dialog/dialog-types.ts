import type { ComponentType, ReactNode } from "react";
import type { FormSchema } from "../form/form-types";
import type { DialogName } from "./dialog-registry";

/**
 * A dialog as the rest of the console declares it (forms §3 "Dialog definition"). Every
 * dialog opens through `openDialog(definition)` of `dialog-store.ts` and is drawn by the
 * one `DialogHost`; screens never render their own modal frames.
 */
export interface DialogDefinition<P extends object = Record<string, unknown>> {
  /** Opening an id that is already open replaces that dialog and brings it to the front. */
  id: string;
  /** Already translated. */
  title: string;
  subtitle?: string;
  /** A registered dialog body by name, or a component; receives `props` and `DialogBodyProps`. */
  component?: DialogName | ComponentType<P & DialogBodyProps>;
  props?: P;
  /** A schema form rendered as the body; its submit cycle closes the dialog on success. */
  form?: FormSchema;
  /** A prompt: message body plus Confirm / Cancel (and `input` / `selectBox` when given). */
  prompt?: boolean;
  /** Prompt body text or nodes. */
  message?: ReactNode;
  /** Called with the prompt's input / select values; a rejected promise keeps the dialog open. */
  onConfirm?: (result: PromptResult) => void | Promise<void>;
  onCancel?: () => void;
  /** Called whenever the dialog goes away, however it was closed. */
  onClose?: () => void;
  /** Default "Confirm". */
  confirmText?: string;
  /** Default "Cancel". */
  cancelText?: string;
  confirmColor?: "red";
  input?: { label: string; type?: "text" | "password" | "number" | "email"; required?: boolean };
  selectBox?: {
    label: string;
    options: readonly { value: string; label: string }[];
    defaultValue?: string;
  };
  /** Key of the table selection the dialog acts on (bulk actions); passed to its body. */
  selectionKey?: string;
  /** "Do not show this again": a checkbox stored per user under this key (see reminders.ts). */
  reminderKey?: string;
  /** Key into the help-link table; shows the help icon in the header. */
  helpLinkKey?: string;
  disabled?: boolean;
  noPadding?: boolean;
  hideHeader?: boolean;
  /** Hides close/minimise/fullscreen; Escape then does not close the dialog either. */
  hideHeaderControls?: boolean;
  minimizeDisable?: boolean;
  fullScreenControl?: boolean;
  /** Mantine size of the frame; default "md" (prompts "sm"). */
  size?: "xs" | "sm" | "md" | "lg" | "xl";
}

export interface PromptResult {
  input?: string;
  select?: string;
  /** True when "Do not show this again" was ticked. */
  remember?: boolean;
}

/** What every dialog body receives besides its own props. */
export interface DialogBodyProps {
  dialogId: string;
  /** Closes this dialog. */
  close: () => void;
  /** Scrolls the modal body to the top (called after an error). */
  scrollToTop: () => void;
}

/** One entry of the stack the store keeps. */
export interface DialogEntry {
  definition: DialogDefinition;
  minimized: boolean;
  fullscreen: boolean;
  /** Stacking order; the highest non-minimized entry is the main dialog. */
  z: number;
  /** Drag offset from the centred position, in px. */
  offset: { x: number; y: number };
  /** New on every open: a replaced dialog starts its body afresh. */
  instance: number;
  /** Grows whenever the dialog should take the focus (opened, restored). */
  focusRequest: number;
}
