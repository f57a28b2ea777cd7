import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ManagedNotice } from "@netfleet/contracts/schemas/notices";
import { failure, fakeApi, success, type FakeRequest } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { toLocalInput } from "../notice-form";
import { NewNoticeButton, useNoticeEditor } from "./notice-editor";
import { NoticesAdmin } from "./notices-admin";

function managed(id: number, overrides: Partial<ManagedNotice> = {}): ManagedNotice {
  return {
    id,
    type: "info",
    message: `Notice ${id}`,
    enabled_at: "2025-03-02T10:00:00.000Z",
    created_at: "2025-03-01T09:00:00.000Z",
    updated_at: "2025-03-01T09:00:00.000Z",
    created_by: "superadmin@example.com",
    ...overrides,
  };
}

const FUTURE = "2099-01-01T00:00:00.000Z";

function listOf(notices: ManagedNotice[]) {
  return () => success(notices, { meta: { total: notices.length } });
}

/** The /notices page as its route composes it. */
function NoticesPage() {
  const editor = useNoticeEditor();
  return (
    <>
      <NewNoticeButton onClick={editor.openNew} />
      <NoticesAdmin onEdit={editor.openEdit} />
      {editor.modal}
    </>
  );
}

function renderNotices(timezone = "UTC") {
  document.cookie = `setTimeZone=${timezone}; path=/`;
  return renderPage(<NoticesPage />, { url: "/notices" });
}

const lastBody = (requests: FakeRequest[]) => requests.at(-1)?.body;

// Dialogs with a live preview are slow to drive in jsdom on a busy machine.
describe("the notices page", { timeout: 15_000 }, () => {
  it("lists type, message, start time in the user's zone and state, and sorts and searches on the server", async () => {
    const api = fakeApi().on(
      "GET",
      "/api/admin/notices",
      listOf([
        managed(2, {
          type: "warning",
          message: 'Upgrade <b>soon</b><img src=x onerror="alert(1)">',
          enabled_at: FUTURE,
        }),
        managed(1, { type: "critical", enabled_at: "2025-03-02T10:00:00.000Z" }),
      ]),
    );
    const { user } = renderNotices("Asia/Tokyo");

    const table = await screen.findByRole("table", { name: "Notices" });
    const scheduled = (await within(table).findByText("soon")).closest("tr")!;
    expect(within(scheduled).getByText("Warning")).toBeVisible();
    expect(within(scheduled).getByText("soon").tagName).toBe("B");
    expect(scheduled.querySelector("img")).toBeNull();
    expect(within(scheduled).getByText("Scheduled")).toBeVisible();
    const live = within(table).getByText("Notice 1").closest("tr")!;
    expect(within(live).getByText("Critical")).toBeVisible();
    // 10:00 UTC is 19:00 in Tokyo.
    expect(within(live).getByText("2025-03-02 19:00:00")).toBeVisible();
    expect(within(live).getByText("In force")).toBeVisible();
    expect(api.calls("GET", "/api/admin/notices")[0]?.search).toBe("?limit=20&offset=0");

    await user.click(screen.getByRole("button", { name: "Shows from" }));
    await waitFor(() => expect(api.requests.at(-1)?.query.get("sort")).toBe("-enabled_at"));

    await user.type(screen.getByRole("searchbox", { name: "Search notices" }), "upgrade{Enter}");
    await waitFor(() => expect(api.requests.at(-1)?.query.get("q")).toBe("upgrade"));
  });

  it("creates a notice from the dialog, previewing the message as it will show", async () => {
    const api = fakeApi()
      .on("GET", "/api/admin/notices", listOf([]))
      .on("POST", "/api/admin/notices", (request) => ({
        status: 201,
        body: { success: true, data: managed(9, request.body as Partial<ManagedNotice>) },
      }));
    const { user } = renderNotices("Asia/Tokyo");
    expect(await screen.findByText("No notices yet")).toBeVisible();

    const before = toLocalInput(new Date());
    await user.click(screen.getByRole("button", { name: "New notice" }));
    const dialog = await screen.findByRole("dialog", { name: "New notice" });
    const after = toLocalInput(new Date());
    const showFrom = within(dialog).getByLabelText(/Show from/);
    // A new notice shows from now, in the user's time zone.
    expect([before, after]).toContain((showFrom as HTMLInputElement).value);
    expect(within(dialog).getByText("In your time zone, Asia/Tokyo.")).toBeVisible();
    expect(within(dialog).getByRole("combobox", { name: "Type" })).toHaveValue("Information");

    await user.click(within(dialog).getByRole("combobox", { name: "Type" }));
    await user.click(await screen.findByRole("option", { name: "Warning", hidden: true }));
    await user.click(within(dialog).getByRole("textbox", { name: "Message" }));
    await user.paste(
      'Upgrade <b>tonight</b><script>window.__xss=1</script> <a href="javascript:alert(1)">now</a>',
    );
    const preview = within(dialog).getByRole("region", { name: "Preview" });
    expect(within(preview).getByText("tonight").tagName).toBe("B");
    expect(preview.querySelector("script")).toBeNull();
    expect(within(preview).getByText("now")).not.toHaveAttribute("href");
    fireEvent.change(showFrom, { target: { value: "2025-06-01T12:00" } });

    await user.click(within(dialog).getByRole("button", { name: "Create notice" }));

    expect(await screen.findByText("Notice created")).toBeVisible();
    expect(lastBody(api.calls("POST", "/api/admin/notices"))).toEqual({
      type: "warning",
      message:
        'Upgrade <b>tonight</b><script>window.__xss=1</script> <a href="javascript:alert(1)">now</a>',
      // Noon in Tokyo.
      enabled_at: "2025-06-01T03:00:00.000Z",
    });
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "New notice" })).not.toBeInTheDocument(),
    );
    // The list asks again.
    await waitFor(() => expect(api.calls("GET", "/api/admin/notices")).toHaveLength(2));
  });

  it("checks the message before sending, and shows the server's field errors on the fields", async () => {
    const api = fakeApi()
      .on("GET", "/api/admin/notices", listOf([]))
      .on(
        "POST",
        "/api/admin/notices",
        failure(
          422,
          "VALIDATION_FAILED",
          "The message has no text left once markup other than links and bold or italic text is removed.",
          "message",
        ),
      );
    const { user } = renderNotices();
    await screen.findByText("No notices yet");
    await user.click(screen.getByRole("button", { name: "New notice" }));
    const dialog = await screen.findByRole("dialog", { name: "New notice" });

    await user.click(within(dialog).getByRole("button", { name: "Create notice" }));
    expect(await within(dialog).findByText("Enter a message")).toBeVisible();
    expect(api.calls("POST", "/api/admin/notices")).toHaveLength(0);

    await user.click(within(dialog).getByRole("textbox", { name: "Message" }));
    await user.paste("<img src=x>");
    await user.click(within(dialog).getByRole("button", { name: "Create notice" }));

    const message = within(dialog).getByRole("textbox", { name: "Message" });
    await waitFor(() => expect(message).toHaveAttribute("aria-invalid", "true"));
    expect(message).toHaveAccessibleDescription(
      expect.stringContaining("The message has no text left") as string,
    );
    expect(screen.getByRole("dialog", { name: "New notice" })).toBeVisible();
  });

  it("edits a notice with its values filled in", async () => {
    const api = fakeApi()
      .on(
        "GET",
        "/api/admin/notices",
        listOf([
          managed(3, { message: "Old <i>text</i>", enabled_at: "2025-03-02T10:00:00.000Z" }),
        ]),
      )
      .on("PUT", "/api/admin/notices/3", (request) =>
        success(managed(3, request.body as Partial<ManagedNotice>)),
      );
    const { user } = renderNotices();
    await user.click(await screen.findByRole("button", { name: "Edit notice #3" }));

    const dialog = await screen.findByRole("dialog", { name: "Edit notice" });
    expect(within(dialog).getByRole("textbox", { name: "Message" })).toHaveValue("Old <i>text</i>");
    expect(within(dialog).getByLabelText(/Show from/)).toHaveValue("2025-03-02T10:00");
    await user.click(within(dialog).getByRole("combobox", { name: "Type" }));
    await user.click(await screen.findByRole("option", { name: "Critical", hidden: true }));
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));

    expect(await screen.findByText("Notice updated")).toBeVisible();
    expect(lastBody(api.calls("PUT", "/api/admin/notices/3"))).toEqual({
      type: "critical",
      message: "Old <i>text</i>",
      enabled_at: "2025-03-02T10:00:00.000Z",
    });
  });

  it("deletes a notice only once confirmed", async () => {
    const api = fakeApi()
      .on("GET", "/api/admin/notices", listOf([managed(4)]))
      .on("DELETE", "/api/admin/notices/4", { status: 200, body: { success: true } });
    const { user } = renderNotices();

    await user.click(await screen.findByRole("button", { name: "Delete notice #4" }));
    let confirm = await screen.findByRole("dialog", { name: "Delete this notice?" });
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.calls("DELETE", "/api/admin/notices/4")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Delete notice #4" }));
    confirm = await screen.findByRole("dialog", { name: "Delete this notice?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("Notice deleted")).toBeVisible();
    expect(api.calls("DELETE", "/api/admin/notices/4")).toHaveLength(1);
  });
});
