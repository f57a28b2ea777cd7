import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, success } from "../../../test/fake-api";
import { deferred } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { DialogHost } from "./dialog-host";
import { closeAllDialogs, dialogEntry, openDialog, openPrompt } from "./dialog-store";
import { forgetReminders, isReminderOff, useReminders } from "./reminders";

/** What the console mounts: the reminders kept in step, and the host (loaded eagerly here). */
function RemindersAndHost() {
  useReminders();
  return <DialogHost />;
}

afterEach(() => {
  act(() => closeAllDialogs());
  forgetReminders();
});

function renderHost(stored: unknown[] = []) {
  const api = fakeApi()
    .on("GET", "/api/storage", success(stored, { meta: { total: stored.length } }))
    .on("POST", "/api/storage", (r) => success(r.body))
    .on("PUT", "/api/storage/reminders", (r) => success(r.body));
  return { ...renderPage(<RemindersAndHost />), api };
}

describe("prompts", () => {
  it("FM-DIALOG-024 FM-DIALOG-025 Confirm and Cancel are the default button texts", async () => {
    const { user } = renderHost();
    const onCancel = vi.fn();
    act(() => openDialog({ id: "p", title: "Sure?", prompt: true, message: "Really?", onCancel }));
    const prompt = screen.getByRole("dialog", { name: "Sure?" });
    expect(within(prompt).getByText("Really?")).toBeVisible();
    expect(within(prompt).getByRole("button", { name: "Confirm" })).toBeVisible();
    await user.click(within(prompt).getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(dialogEntry("p")).toBeUndefined();
  });

  it("uses the given confirmText and cancelText", () => {
    renderHost();
    act(() =>
      openDialog({
        id: "p",
        title: "Delete?",
        prompt: true,
        confirmText: "Delete",
        cancelText: "Keep",
      }),
    );
    expect(screen.getByRole("button", { name: "Delete" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Keep" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Confirm" })).toBeNull();
  });

  it("hands over the input and the select box, loading while onConfirm runs", async () => {
    const { user } = renderHost();
    const pending = deferred();
    const onConfirm = vi.fn(() => pending.promise);
    let answer: Promise<unknown> = Promise.resolve();
    act(() => {
      answer = openPrompt({
        id: "p",
        title: "Rename",
        input: { label: "New name", required: true },
        selectBox: {
          label: "Scope",
          options: [
            { value: "one", label: "One" },
            { value: "all", label: "All" },
          ],
          defaultValue: "all",
        },
        onConfirm,
      });
    });

    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("This field is required")).toBeVisible();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.type(screen.getByRole("textbox", { name: /New name/ }), "core-1");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(onConfirm).toHaveBeenCalledWith({ input: "core-1", select: "all" });
    expect(screen.getByRole("button", { name: "Confirm" })).toHaveAttribute("data-loading", "true");
    expect(dialogEntry("p")).toBeDefined();

    pending.resolve();
    await expect(answer).resolves.toEqual({ input: "core-1", select: "all" });
    await waitFor(() => expect(dialogEntry("p")).toBeUndefined());
  });

  it("a rejected confirm keeps the prompt open and shows why under the input", async () => {
    const { user } = renderHost();
    act(() =>
      openDialog({
        id: "p",
        title: "Password",
        prompt: true,
        input: { label: "Password", type: "password", required: true },
        onConfirm: () => Promise.reject(new Error("The password is incorrect.")),
      }),
    );
    await user.type(screen.getByLabelText(/Password/, { selector: "input" }), "wrong");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("The password is incorrect.")).toBeVisible();
    expect(dialogEntry("p")).toBeDefined();
    expect(screen.getByRole("button", { name: "Confirm" })).not.toHaveAttribute("data-loading");
  });

  it("FM-DIALOG-027 Do not show this again is stored for the user under the reminder key", async () => {
    const { user, api } = renderHost();
    const onConfirm = vi.fn();
    act(() =>
      openDialog({ id: "p", title: "Delete?", prompt: true, reminderKey: "delete-tag", onConfirm }),
    );
    await user.click(screen.getByRole("checkbox", { name: "Do not show this again" }));
    await user.click(screen.getByRole("button", { name: "Confirm" }));

    expect(onConfirm).toHaveBeenCalledWith({ remember: true });
    await waitFor(() => expect(api.calls("POST", "/api/storage")).toHaveLength(1));
    expect(api.calls("POST", "/api/storage")[0]?.body).toEqual({
      key: "reminders",
      value: ["delete-tag"],
    });
    expect(isReminderOff("delete-tag")).toBe(true);

    // Asked again: not shown, confirmed at once.
    act(() =>
      openDialog({ id: "p", title: "Delete?", prompt: true, reminderKey: "delete-tag", onConfirm }),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it("FM-DIALOG-027 a reminder switched off in another browser is read from the user's preferences", async () => {
    renderHost([{ key: "reminders", value: ["delete-tag"] }]);
    await waitFor(() => expect(isReminderOff("delete-tag")).toBe(true));
    const onConfirm = vi.fn();
    act(() =>
      openDialog({ id: "p", title: "Delete?", prompt: true, reminderKey: "delete-tag", onConfirm }),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onConfirm).toHaveBeenCalledWith({ remember: true });
  });

  it("confirming without ticking the box keeps asking", async () => {
    const { user, api } = renderHost();
    act(() => openDialog({ id: "p", title: "Delete?", prompt: true, reminderKey: "delete-tag" }));
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(dialogEntry("p")).toBeUndefined());
    expect(isReminderOff("delete-tag")).toBe(false);
    expect(api.calls("POST", "/api/storage")).toHaveLength(0);
  });
});
