import { useEffect, useRef } from "react";
import { SEARCH } from "@netfleet/contracts/constants";

/** Whether typing goes into this element: a field, a list box or editable content. */
export function isTypingTarget(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element.isContentEditable) return true;
  return ["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName);
}

/**
 * Overlays whose presence makes `/` do nothing: modals and drawers, menus, list boxes and
 * popover dropdowns. Tooltips and corner prompts that leave the page usable do not count.
 */
const OVERLAY_SELECTOR = [
  "[role='alertdialog']",
  "[aria-modal='true']",
  "[role='menu']",
  "[role='listbox']",
  ".mantine-Popover-dropdown",
].join(",");

export function hasOpenOverlay(root: ParentNode = document): boolean {
  return [...root.querySelectorAll<HTMLElement>(OVERLAY_SELECTOR)].some(
    (el) => !el.hidden && el.style.display !== "none",
  );
}

/** Whether a key press is the search shortcut, pressed where it may open search (SH-SEARCH-002…004). */
export function opensSearch(event: KeyboardEvent): boolean {
  return (
    event.key === SEARCH.shortcutKey &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.altKey &&
    !event.isComposing &&
    !event.defaultPrevented &&
    !isTypingTarget(event.target instanceof Element ? event.target : null) &&
    !isTypingTarget(document.activeElement) &&
    !hasOpenOverlay()
  );
}

/**
 * Calls `open` when `/` is pressed outside fields and overlays. The key press is swallowed
 * so that the `/` does not land in the search box that takes the focus.
 */
export function useSearchShortcut(open: () => void, enabled: boolean): void {
  const latest = useRef(open);
  useEffect(() => {
    latest.current = open;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!opensSearch(event)) return;
      event.preventDefault();
      latest.current();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [enabled]);
}
