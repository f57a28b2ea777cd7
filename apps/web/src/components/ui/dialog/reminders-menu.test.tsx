import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi, success } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { DialogHost } from "./dialog-host";
import { closeAllDialogs } from "./dialog-store";
import { forgetReminders, isReminderOff, useReminders } from "./reminders";
import { RemindersMenu } from "./reminders-menu";

/** What the console mounts: the reminders kept in step, and the host (loaded eagerly here). */
function RemindersAndHost() {
  useReminders();
  return <DialogHost />;
}

afterEach(() => {
  act(() => closeAllDialogs());
  forgetReminders();
});

function renderMenu(off: string[]) {
  const api = fakeApi()
    .on("GET", "/api/storage", success([{ key: "reminders", value: off }], { meta: { total: 1 } }))
    .on("PUT", "/api/storage/reminders", (r) => success(r.body));
  const view = renderPage(
    <>
      <RemindersMenu labels={{ "delete-tag": "Ask before deleting a tag" }} />
      <RemindersAndHost />
    </>,
  );
  return { ...view, api };
}

describe("the reminders of the table preferences", () => {
  it("FM-DIALOG-028 a reminder switched off can be shown again", async () => {
    const { user, api } = renderMenu(["delete-tag", "apply-config"]);
    await user.click(await screen.findByRole("button", { name: "Reminders" }));

    await user.click(
      await screen.findByRole("menuitem", { name: "Show again: Ask before deleting a tag" }),
    );

    expect(isReminderOff("delete-tag")).toBe(false);
    expect(isReminderOff("apply-config")).toBe(true);
    await waitFor(() => expect(api.calls("PUT", "/api/storage/reminders")).toHaveLength(1));
    expect(api.calls("PUT", "/api/storage/reminders")[0]?.body).toEqual({
      value: ["apply-config"],
    });
  });

  it("FM-DIALOG-028 Show all reminders again switches every reminder back on", async () => {
    const { user, api } = renderMenu(["delete-tag", "apply-config"]);
    await user.click(await screen.findByRole("button", { name: "Reminders" }));
    expect(screen.getByRole("menuitem", { name: "Show again: Apply config" })).toBeInTheDocument();
    await user.click(screen.getByRole("menuitem", { name: "Show all reminders again" }));

    await waitFor(() => expect(api.calls("PUT", "/api/storage/reminders")).toHaveLength(1));
    expect(api.calls("PUT", "/api/storage/reminders")[0]?.body).toEqual({ value: [] });
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Reminders" })).not.toBeInTheDocument(),
    );
  });

  it("is not shown while no reminder is switched off", async () => {
    const { api } = renderMenu([]);
    await waitFor(() => expect(api.calls("GET", "/api/storage")).toHaveLength(1));
    expect(screen.queryByRole("button", { name: "Reminders" })).not.toBeInTheDocument();
  });
});
