import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ActionStatusUpdate } from "@netfleet/contracts/events";
import { type ChannelHandlers, realtime } from "../../../lib/realtime";
import { fakeApi, success } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { actionStatusDialogId, openActionStatusDialog } from "./action-status-dialog";
import { DialogHost } from "./dialog-host";
import { closeAllDialogs, dialogEntry } from "./dialog-store";
import { forgetReminders } from "./reminders";

const unsubscribe = vi.fn();
vi.mock("../../../lib/realtime", () => ({ realtime: { subscribe: vi.fn() } }));

afterEach(() => {
  act(() => closeAllDialogs());
  forgetReminders();
  vi.mocked(realtime.subscribe).mockReset();
  unsubscribe.mockReset();
});

function listen() {
  const handlers: ChannelHandlers[] = [];
  vi.mocked(realtime.subscribe).mockImplementation((_channel, h) => {
    handlers.push(h);
    return unsubscribe;
  });
  return (update: ActionStatusUpdate) =>
    act(() => {
      for (const h of handlers) {
        (
          h as Record<string, ((data: ActionStatusUpdate) => void) | undefined>
        ).ActionStatusUpdated?.(update);
      }
    });
}

function renderHost() {
  fakeApi().on("GET", "/api/storage", success([], { meta: { total: 0 } }));
  return renderPage(<DialogHost />);
}

describe("the action status dialog", () => {
  it("FM-SUBMIT-015 shows the channel, the selection, the table and the progress, subscribed with the company", () => {
    const push = listen();
    renderHost();
    act(() =>
      openActionStatusDialog({
        channel: "action.42",
        selection: [1, 2, 3],
        tableRef: "devices",
        companyId: 7,
      }),
    );
    expect(realtime.subscribe).toHaveBeenCalledWith("action.42", expect.any(Object), {
      company_id: 7,
    });
    const dialog = screen.getByRole("dialog", { name: "Action status" });
    expect(within(dialog).getByText("action.42")).toBeVisible();
    expect(within(dialog).getByText("Selected items: 3")).toBeVisible();
    expect(within(dialog).getByText("Table: devices")).toBeVisible();
    expect(within(dialog).getByText("Waiting to start")).toBeVisible();

    push({ status: "running", done: 1, failed: 0, total: 3, message: "Rebooting RUT-1" });
    expect(within(dialog).getByText("In progress")).toBeVisible();
    expect(within(dialog).getByText("1 of 3 done, 0 failed")).toBeVisible();
    expect(within(dialog).getByText("Rebooting RUT-1")).toBeVisible();
  });

  it("FM-SUBMIT-016 without a selection it closes itself once the action is done", () => {
    const push = listen();
    const onDone = vi.fn();
    const onClose = vi.fn();
    renderHost();
    act(() => openActionStatusDialog({ channel: "action.1", onDone, onClose }));
    expect(dialogEntry(actionStatusDialogId("action.1"))).toBeDefined();

    push({ status: "done", progress: 100 });
    expect(onDone).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
    expect(dialogEntry(actionStatusDialogId("action.1"))).toBeUndefined();
    expect(unsubscribe).toHaveBeenCalled();
  });

  it("FM-SUBMIT-016 with a selection it stays open at the end, with a Close button", async () => {
    const push = listen();
    const onDone = vi.fn();
    const { user } = renderHost();
    act(() => openActionStatusDialog({ channel: "action.2", selection: [5], onDone }));

    push({ status: "done", done: 1, total: 1 });
    expect(onDone).toHaveBeenCalledOnce();
    const dialog = screen.getByRole("dialog", { name: "Action status" });
    expect(within(dialog).getByText("Completed")).toBeVisible();

    await user.click(within(dialog).getAllByRole("button", { name: "Close" }).at(-1)!);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(unsubscribe).toHaveBeenCalled();
  });

  it("a failed action stays open and says so", () => {
    const push = listen();
    renderHost();
    act(() => openActionStatusDialog({ channel: "action.3" }));
    push({ status: "failed", message: "Device offline" });
    const dialog = screen.getByRole("dialog", { name: "Action status" });
    expect(within(dialog).getByText("Failed")).toBeVisible();
    expect(within(dialog).getByText("Device offline")).toBeVisible();
  });
});
