import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { helpLinkUrl } from "@netfleet/contracts/help-links";
import { fakeApi, success } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { DialogHost } from "./dialog-host";
import { closeAllDialogs, dialogEntry, openDialog } from "./dialog-store";
import type { DialogBodyProps, DialogDefinition } from "./dialog-types";
import { forgetReminders } from "./reminders";

afterEach(() => {
  act(() => closeAllDialogs());
  forgetReminders();
});

function renderHost(url = "/") {
  fakeApi().on("GET", "/api/storage", success([], { meta: { total: 0 } }));
  return renderPage(
    <>
      <button type="button">Opener</button>
      <DialogHost />
    </>,
    { url, path: "/" },
  );
}

function open(id: string, extra: Partial<DialogDefinition> = {}) {
  act(() => openDialog({ id, title: `Dialog ${id}`, message: `Body of ${id}`, ...extra }));
}

const dialog = (name: string) => screen.getByRole("dialog", { name });

describe("the dialog host", () => {
  it("FM-DIALOG-008 Escape closes the main dialog only", async () => {
    const { user } = renderHost();
    open("a");
    open("b");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Dialog b" })).not.toBeInTheDocument();
    expect(dialog("Dialog a")).toBeVisible();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("FM-DIALOG-009 without header controls there is no close button and Escape does nothing", async () => {
    const { user } = renderHost();
    open("locked", { hideHeaderControls: true });
    expect(within(dialog("Dialog locked")).queryByRole("button", { name: "Close" })).toBeNull();
    await user.keyboard("{Escape}");
    expect(dialog("Dialog locked")).toBeVisible();
  });

  it("Escape in an open select closes the dropdown, not the dialog", async () => {
    const { user } = renderHost();
    open("choose", {
      prompt: true,
      selectBox: { label: "Colour", options: [{ value: "r", label: "Red" }] },
    });
    const select = screen.getByRole("combobox", { name: "Colour" });
    await user.click(select);
    expect(select).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{Escape}");
    expect(select).toHaveAttribute("aria-expanded", "false");
    expect(dialog("Dialog choose")).toBeVisible();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("FM-DIALOG-011 minimised titles are listed with a close button each", async () => {
    const { user } = renderHost();
    open("a", { title: "Files" });
    open("b", { title: "Notes" });
    await user.click(within(dialog("Notes")).getByRole("button", { name: "Minimize" }));

    const list = screen.getByRole("region", { name: "Minimized windows" });
    expect(within(list).getByRole("button", { name: "Restore Notes" })).toBeVisible();
    expect(screen.queryByRole("dialog", { name: "Notes" })).not.toBeInTheDocument();

    await user.click(within(list).getByRole("button", { name: "Close Notes" }));
    expect(dialogEntry("b")).toBeUndefined();
    expect(screen.queryByRole("region", { name: "Minimized windows" })).not.toBeInTheDocument();
  });

  it("FM-DIALOG-012 restoring from the list makes the dialog main and focuses it", async () => {
    const { user } = renderHost();
    open("a", { title: "Files", prompt: true, input: { label: "Name" } });
    open("b", { title: "Notes" });
    await user.type(screen.getByRole("textbox", { name: "Name" }), "kept");
    await user.click(within(dialog("Files")).getByRole("button", { name: "Minimize" }));
    expect(dialog("Notes")).toHaveAttribute("aria-modal", "true");

    await user.click(screen.getByRole("button", { name: "Restore Files" }));
    expect(dialog("Files")).toHaveAttribute("aria-modal", "true");
    expect(dialog("Notes")).not.toHaveAttribute("aria-modal");
    const input = screen.getByRole("textbox", { name: "Name" });
    expect(input).toHaveFocus();
    // A minimised dialog keeps what was typed.
    expect(input).toHaveValue("kept");
  });

  it("FM-DIALOG-007 clicking a dialog makes it the main one", async () => {
    const { user } = renderHost();
    open("a");
    open("b");
    await user.click(screen.getByText("Body of a"));
    expect(dialog("Dialog a")).toHaveAttribute("aria-modal", "true");
    expect(dialog("Dialog b")).not.toHaveAttribute("aria-modal");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Dialog a" })).not.toBeInTheDocument();
  });

  it("FM-DIALOG-015 a dialog is dragged by its header", () => {
    renderHost();
    open("a");
    const header = dialog("Dialog a").querySelector("[data-dialog-header]")!;
    fireEvent.pointerDown(header, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(header, { pointerId: 1, clientX: 150, clientY: 130 });
    fireEvent.pointerUp(header, { pointerId: 1, clientX: 150, clientY: 130 });
    expect(dialogEntry("a")?.offset).toEqual({ x: 50, y: 30 });
    expect(dialog("Dialog a").style.transform).toContain("50px");
    // Moving the pointer after letting go moves nothing.
    fireEvent.pointerMove(header, { pointerId: 1, clientX: 300, clientY: 300 });
    expect(dialogEntry("a")?.offset).toEqual({ x: 50, y: 30 });
  });

  it("the header is kept on screen while dragging", () => {
    renderHost();
    open("a");
    const header = dialog("Dialog a").querySelector("[data-dialog-header]")!;
    fireEvent.pointerDown(header, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(header, { pointerId: 1, clientX: 100, clientY: -500 });
    expect(dialogEntry("a")?.offset.y).toBe(0);
  });

  it("FM-DIALOG-017 FM-DIALOG-016 only fullScreenControl dialogs go full screen, and then do not drag", async () => {
    const { user } = renderHost();
    open("plain");
    expect(
      within(dialog("Dialog plain")).queryByRole("button", { name: "Full screen" }),
    ).toBeNull();
    open("big", { fullScreenControl: true });
    await user.click(within(dialog("Dialog big")).getByRole("button", { name: "Full screen" }));
    expect(dialog("Dialog big")).toHaveAttribute("data-fullscreen", "true");

    const header = dialog("Dialog big").querySelector("[data-dialog-header]")!;
    fireEvent.pointerDown(header, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(header, { pointerId: 1, clientX: 200, clientY: 200 });
    expect(dialogEntry("big")?.offset).toEqual({ x: 0, y: 0 });

    await user.click(
      within(dialog("Dialog big")).getByRole("button", { name: "Exit full screen" }),
    );
    expect(dialog("Dialog big")).not.toHaveAttribute("data-fullscreen");
  });

  it("FM-DIALOG-018 the page does not scroll while a dialog is shown", async () => {
    const { user } = renderHost();
    expect(document.body.style.overflow).toBe("");
    open("a");
    expect(document.body.style.overflow).toBe("hidden");
    await user.click(screen.getByRole("button", { name: "Minimize" }));
    expect(document.body.style.overflow).toBe("");
    await user.click(screen.getByRole("button", { name: "Restore Dialog a" }));
    expect(document.body.style.overflow).toBe("hidden");
    act(() => closeAllDialogs());
    expect(document.body.style.overflow).toBe("");
  });

  it("FM-DIALOG-019 the help icon opens the dialog's documentation in a new tab", () => {
    renderHost();
    open("tags", { helpLinkKey: "tags.main" });
    const help = within(dialog("Dialog tags")).getByRole("link", { name: "Help" });
    expect(help).toHaveAttribute("href", helpLinkUrl("tags.main"));
    expect(help).toHaveAttribute("target", "_blank");
    expect(help.getAttribute("rel")).toContain("noopener");
    open("plain");
    expect(within(dialog("Dialog plain")).queryByRole("link", { name: "Help" })).toBeNull();
  });

  it("FM-DIALOG-022 a body can scroll the dialog back to the top", async () => {
    function Long({ scrollToTop }: DialogBodyProps) {
      return (
        <button type="button" onClick={scrollToTop}>
          Fail
        </button>
      );
    }
    const { user } = renderHost();
    open("long", { component: Long });
    const body = dialog("Dialog long").querySelector<HTMLElement>("[data-dialog-body]")!;
    body.scrollTop = 400;
    await user.click(screen.getByRole("button", { name: "Fail" }));
    expect(body.scrollTop).toBe(0);
  });

  it("FM-DIALOG-026 platform=mobile shows dialogs as sheets that do not drag", () => {
    renderHost("/?platform=mobile");
    open("m", { fullScreenControl: true });
    expect(dialog("Dialog m")).toHaveAttribute("data-mobile", "true");
    expect(within(dialog("Dialog m")).queryByRole("button", { name: "Full screen" })).toBeNull();
    const header = dialog("Dialog m").querySelector("[data-dialog-header]")!;
    fireEvent.pointerDown(header, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(header, { pointerId: 1, clientX: 200, clientY: 200 });
    expect(dialogEntry("m")?.offset).toEqual({ x: 0, y: 0 });
  });

  it("FM-DIALOG-023 draws the definition: subtitle, no header, disabled body, minimise off", async () => {
    const { user } = renderHost();
    open("full", {
      subtitle: "Second line",
      minimizeDisable: true,
      disabled: true,
      noPadding: true,
    });
    const frame = dialog("Dialog full");
    expect(within(frame).getByText("Second line")).toBeVisible();
    expect(within(frame).queryByRole("button", { name: "Minimize" })).toBeNull();
    expect(frame.querySelector("[data-dialog-body]")).toHaveAttribute("aria-disabled", "true");

    open("bare", { hideHeader: true });
    expect(within(dialog("Dialog bare")).queryByRole("button", { name: "Close" })).toBeNull();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Dialog bare" })).not.toBeInTheDocument();
  });

  it("focus moves into an opened dialog and back to where it was when it closes", async () => {
    const { user } = renderHost();
    const opener = screen.getByRole("button", { name: "Opener" });
    opener.focus();
    open("a", { prompt: true, input: { label: "Name" } });
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(opener).toHaveFocus();
  });

  it("a named dialog without a body on this installation says so calmly", () => {
    renderHost();
    open("vpn", { component: "vpn-quick-connect" });
    expect(
      within(dialog("Dialog vpn")).getByText("This feature is not available on this installation."),
    ).toBeVisible();
  });
});
