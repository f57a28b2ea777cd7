import { useEffect, useMemo, useRef } from "react";
import { Portal } from "@mantine/core";
import { useSearchParams } from "../../../lib/router";
import { DialogBody } from "./dialog-body";
import { DialogFrame } from "./dialog-frame";
import {
  closeDialog,
  dialogEntry,
  focusDialog,
  mainDialogId,
  mainOf,
  minimizeDialog,
  moveDialog,
  toggleFullscreen,
  useDialogs,
} from "./dialog-store";
import type { DialogBodyProps, DialogEntry } from "./dialog-types";
import { MinimizedList } from "./minimized-list";
import { useScrollLock } from "./use-scroll-lock";

/** Dialogs float above the page and below Mantine's own overlays, popovers and toasts. */
const BASE_Z_INDEX = 150;

/** Escape that belongs to something inside the dialog: an open dropdown, a menu, a modal. */
function escapeTakenElsewhere(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (
    target.closest('[aria-haspopup][aria-expanded="true"], [role="combobox"][aria-expanded="true"]')
  )
    return true;
  if (target.closest('[role="listbox"], [role="menu"]')) return true;
  const dialog = target.closest('[role="dialog"]');
  return dialog !== null && !dialog.hasAttribute("data-dialog-frame");
}

/** Escape closes the main dialog only, unless its header controls are hidden (D21). */
function useEscapeClosesMain() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if (escapeTakenElsewhere(event.target)) return;
      const id = mainDialogId();
      const entry = id === undefined ? undefined : dialogEntry(id);
      if (!entry || entry.definition.hideHeaderControls) return;
      event.preventDefault();
      closeDialog(entry.definition.id);
    };
    // Capture: decided before a control inside the dialog reacts, while its state shows.
    document.addEventListener("keydown", onKeyDown, true);
    return () => document.removeEventListener("keydown", onKeyDown, true);
  }, []);
}

function HostedDialog({
  entry,
  main,
  zIndex,
  mobile,
}: {
  entry: DialogEntry;
  main: boolean;
  zIndex: number;
  mobile: boolean;
}) {
  const { definition } = entry;
  const { id } = definition;
  const bodyRef = useRef<HTMLDivElement>(null);
  const bodyProps = useMemo<DialogBodyProps>(
    () => ({
      dialogId: id,
      close: () => closeDialog(id),
      scrollToTop: () => {
        if (bodyRef.current) bodyRef.current.scrollTop = 0;
      },
    }),
    [id],
  );

  return (
    <DialogFrame
      title={definition.title}
      subtitle={definition.subtitle}
      helpLinkKey={definition.helpLinkKey}
      mobile={mobile}
      hideHeader={definition.hideHeader}
      hideHeaderControls={definition.hideHeaderControls}
      onClose={() => closeDialog(id)}
      onMinimize={definition.minimizeDisable ? undefined : () => void minimizeDialog(id)}
      onToggleFullscreen={definition.fullScreenControl ? () => toggleFullscreen(id) : undefined}
      fullscreen={entry.fullscreen}
      main={main}
      hidden={entry.minimized}
      zIndex={zIndex}
      offset={entry.offset}
      onMove={(offset) => moveDialog(id, offset)}
      onActivate={() => focusDialog(id)}
      focusRequest={entry.focusRequest}
      disabled={definition.disabled}
      noPadding={definition.noPadding}
      size={definition.size ?? (definition.prompt ? "sm" : "md")}
      bodyRef={bodyRef}
    >
      <DialogBody key={entry.instance} definition={definition} bodyProps={bodyProps} />
    </DialogFrame>
  );
}

/**
 * Draws every open dialog and the list of minimised ones (forms §2). Mounted once, at the
 * router's root through `LazyDialogHost`; dialogs are opened with `openDialog` from anywhere.
 */
export function DialogHost() {
  const entries = useDialogs();
  const [params] = useSearchParams();
  const mobile = params.get("platform") === "mobile";
  const main = mainOf(entries);
  useScrollLock(entries.some((e) => !e.minimized));
  useEscapeClosesMain();

  // Stacking by rank keeps the z-indexes in a small band however often dialogs are raised.
  const ranks = new Map([...entries].sort((a, b) => a.z - b.z).map((e, i) => [e, i]));

  if (entries.length === 0) return null;
  return (
    <Portal>
      {entries.map((entry) => (
        <HostedDialog
          key={entry.definition.id}
          entry={entry}
          main={entry.definition.id === main}
          zIndex={BASE_Z_INDEX + (ranks.get(entry) ?? 0)}
          mobile={mobile}
        />
      ))}
      <MinimizedList entries={entries} zIndex={BASE_Z_INDEX + entries.length} />
    </Portal>
  );
}
