import { describe, expect, it } from "vitest";
import { hasOpenOverlay, isTypingTarget, opensSearch } from "./use-search-shortcut";

function press(target: Element, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent("keydown", { key: "/", bubbles: true, ...init });
  Object.defineProperty(event, "target", { value: target });
  return event;
}

describe("the / shortcut", () => {
  it("SH-SEARCH-003 knows where typing goes", () => {
    for (const html of [
      "<input>",
      "<textarea></textarea>",
      "<select></select>",
      "<div contenteditable='true'></div>",
    ]) {
      const host = document.createElement("div");
      host.innerHTML = html;
      const element = host.firstElementChild!;
      if (element instanceof HTMLElement && element.hasAttribute("contenteditable")) {
        // jsdom does not compute isContentEditable.
        Object.defineProperty(element, "isContentEditable", { value: true });
      }
      expect(isTypingTarget(element), html).toBe(true);
    }
    expect(isTypingTarget(document.createElement("button"))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it("SH-SEARCH-004 knows when an overlay is open", () => {
    document.body.innerHTML = "<main><button>Page</button></main>";
    expect(hasOpenOverlay()).toBe(false);
    for (const overlay of [
      "<section role='dialog' aria-modal='true'></section>",
      "<div role='menu'></div>",
      "<div role='listbox'></div>",
      "<div class='mantine-Popover-dropdown'></div>",
    ]) {
      document.body.innerHTML = `<main></main>${overlay}`;
      expect(hasOpenOverlay(), overlay).toBe(true);
    }
    document.body.innerHTML = "<div role='tooltip'>Search</div><div role='menu' hidden></div>";
    expect(hasOpenOverlay()).toBe(false);
    document.body.innerHTML = "";
  });

  it("SH-SEARCH-002 SH-SEARCH-003 opens on a plain / outside fields only", () => {
    const button = document.createElement("button");
    const input = document.createElement("input");
    document.body.append(button, input);

    expect(opensSearch(press(button))).toBe(true);
    expect(opensSearch(press(input))).toBe(false);
    expect(opensSearch(press(button, { key: "a" }))).toBe(false);
    expect(opensSearch(press(button, { ctrlKey: true }))).toBe(false);
    expect(opensSearch(press(button, { metaKey: true }))).toBe(false);

    input.focus();
    expect(opensSearch(press(document.body))).toBe(false);
    document.body.innerHTML = "";
  });
});
