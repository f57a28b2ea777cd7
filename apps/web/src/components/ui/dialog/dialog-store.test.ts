import { notifications } from "@mantine/notifications";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  MAX_MINIMIZED_DIALOGS,
  closeAllDialogs,
  closeDialog,
  dialogEntry,
  focusDialog,
  mainDialogId,
  minimizeDialog,
  openDialog,
  openPrompt,
  restoreDialog,
  setDialogAnalyticsSink,
  toggleFullscreen,
} from "./dialog-store";
import type { DialogDefinition } from "./dialog-types";
import { forgetReminders, setReminderOff } from "./reminders";

const shown = vi.spyOn(notifications, "show");

afterEach(() => {
  closeAllDialogs();
  setDialogAnalyticsSink();
  forgetReminders();
  shown.mockClear();
});

function open(id: string, extra: Partial<DialogDefinition> = {}) {
  openDialog({ id, title: `Dialog ${id}`, message: "Body", ...extra });
}

describe("the dialog stack", () => {
  it("FM-DIALOG-005 opening an id that is already open replaces that dialog", () => {
    const firstClosed = vi.fn();
    open("a", { title: "First", onClose: firstClosed });
    open("a", { title: "Second" });

    expect(dialogEntry("a")?.definition.title).toBe("Second");
    expect(firstClosed).toHaveBeenCalledOnce();
    closeDialog("a");
    expect(dialogEntry("a")).toBeUndefined();
  });

  it("FM-DIALOG-006 a re-opened id comes to the front as the main dialog", () => {
    open("a");
    open("b");
    expect(mainDialogId()).toBe("b");

    open("a", { title: "Again" });
    expect(mainDialogId()).toBe("a");
    expect(dialogEntry("a")!.z).toBeGreaterThan(dialogEntry("b")!.z);
  });

  it("FM-DIALOG-007 only one dialog is main: the highest that is not minimised", () => {
    open("a");
    open("b");
    open("c");
    expect(mainDialogId()).toBe("c");
    focusDialog("a");
    expect(mainDialogId()).toBe("a");
    minimizeDialog("a");
    expect(mainDialogId()).toBe("c");
    closeDialog("c");
    expect(mainDialogId()).toBe("b");
  });

  it("FM-DIALOG-010 minimise toggles between minimised and restored", () => {
    open("a");
    open("b");
    expect(minimizeDialog("b")).toBe(true);
    expect(dialogEntry("b")?.minimized).toBe(true);
    expect(mainDialogId()).toBe("a");

    expect(minimizeDialog("b")).toBe(true);
    expect(dialogEntry("b")?.minimized).toBe(false);
    expect(mainDialogId()).toBe("b");
  });

  it("FM-DIALOG-012 restoring makes the dialog main and asks for the focus", () => {
    open("a");
    open("b");
    minimizeDialog("a");
    const before = dialogEntry("a")!.focusRequest;
    restoreDialog("a");
    expect(mainDialogId()).toBe("a");
    expect(dialogEntry("a")!.focusRequest).toBe(before + 1);
  });

  it("FM-DIALOG-013 a sixth minimised dialog is refused with a toast", () => {
    expect(MAX_MINIMIZED_DIALOGS).toBe(5);
    for (let i = 1; i <= 6; i++) open(`d${i}`);
    for (let i = 1; i <= 5; i++) expect(minimizeDialog(`d${i}`)).toBe(true);

    expect(minimizeDialog("d6")).toBe(false);
    expect(dialogEntry("d6")?.minimized).toBe(false);
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({ message: "You can not minimize more than 5 windows" }),
    );
  });

  it("FM-DIALOG-014 a forced minimise is exempt from the cap", () => {
    for (let i = 1; i <= 6; i++) open(`d${i}`);
    for (let i = 1; i <= 5; i++) minimizeDialog(`d${i}`);

    expect(minimizeDialog("d6", { force: true })).toBe(true);
    expect(dialogEntry("d6")?.minimized).toBe(true);
    expect(shown).not.toHaveBeenCalled();
  });

  it("FM-DIALOG-020 opening a dialog reports an analytics event", () => {
    const sink = vi.fn();
    setDialogAnalyticsSink(sink);
    open("files", { title: "Files" });
    expect(sink).toHaveBeenCalledWith({ type: "dialog_open", id: "files", title: "Files" });
  });

  it("FM-DIALOG-021 minimising reports an analytics event, restoring does not", () => {
    const sink = vi.fn();
    open("files", { title: "Files" });
    setDialogAnalyticsSink(sink);
    minimizeDialog("files");
    minimizeDialog("files");
    expect(sink.mock.calls).toEqual([[{ type: "dialog_minimize", id: "files", title: "Files" }]]);
  });

  it("an analytics sink that throws does not stop the dialog", () => {
    setDialogAnalyticsSink(() => {
      throw new Error("offline");
    });
    open("a");
    expect(mainDialogId()).toBe("a");
  });

  it("closing runs onClose once, and closing all closes every dialog", () => {
    const closed = vi.fn();
    open("a", { onClose: closed });
    open("b", { onClose: closed });
    toggleFullscreen("a");
    expect(dialogEntry("a")?.fullscreen).toBe(true);
    closeAllDialogs();
    expect(closed).toHaveBeenCalledTimes(2);
    expect(mainDialogId()).toBeUndefined();
  });

  it("FM-DIALOG-027 a dialog whose reminder is off is not shown and counts as confirmed", async () => {
    await setReminderOff("delete-tag", true);
    const onConfirm = vi.fn();
    const answer = openPrompt({ id: "p", title: "Delete?", reminderKey: "delete-tag", onConfirm });

    expect(dialogEntry("p")).toBeUndefined();
    await expect(answer).resolves.toEqual({ remember: true });
    expect(onConfirm).toHaveBeenCalledWith({ remember: true });
  });

  it("FM-DIALOG-023 a definition takes every field of forms §3 and keeps them", () => {
    const definition: DialogDefinition<{ deviceId: number }> = {
      id: "device-access",
      title: "Device access",
      subtitle: "RUT-1",
      component: "device-access",
      props: { deviceId: 7 },
      form: { endpoint: "/api/tags", fields: [] },
      prompt: true,
      message: "Open?",
      onConfirm: () => undefined,
      onCancel: () => undefined,
      onClose: () => undefined,
      confirmText: "Open",
      cancelText: "Back",
      confirmColor: "red",
      input: { label: "Reason", type: "text", required: true },
      selectBox: { label: "Port", options: [{ value: "80", label: "80" }], defaultValue: "80" },
      selectionKey: "devices",
      reminderKey: "open-device",
      helpLinkKey: "management.devices",
      disabled: false,
      noPadding: true,
      hideHeader: false,
      hideHeaderControls: false,
      minimizeDisable: true,
      fullScreenControl: true,
      size: "lg",
    };
    openDialog(definition);
    expect(dialogEntry("device-access")?.definition).toEqual(definition);
    expect(dialogEntry("device-access")).toMatchObject({
      minimized: false,
      fullscreen: false,
      offset: { x: 0, y: 0 },
    });
  });

  it("openPrompt resolves null when the prompt is closed without confirming", async () => {
    const answer = openPrompt({ id: "p", title: "Sure?" });
    expect(dialogEntry("p")?.definition.prompt).toBe(true);
    closeDialog("p");
    await expect(answer).resolves.toBeNull();
  });
});
