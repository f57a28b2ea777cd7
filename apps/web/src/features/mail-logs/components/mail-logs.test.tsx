import { afterEach, describe, expect, it } from "vitest";
import { act, screen, within } from "@testing-library/react";
import type { MailLog } from "@netfleet/contracts/schemas/mail-logs";
import { closeAllDialogs } from "../../../components/ui/dialog/dialog-store";
import { failure, fakeApi, success, type FakeRequest } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";
import { testUser } from "../../../test/users";

function mail(id: number, overrides: Partial<MailLog> = {}): MailLog {
  return {
    id,
    to: `person${id}@example.com`,
    subject: `Message ${id}`,
    template: "invitation",
    status: "sent",
    error: null,
    text: "Register here: https://console.example.com/account/register?token=[hidden]",
    html: null,
    created_at: "2026-03-04T05:06:07.000Z",
    sent_at: "2026-03-04T05:06:08.000Z",
    ...overrides,
  };
}

const MAILS = [
  mail(1),
  mail(2, { status: "failed", error: "550 Mailbox unavailable" }),
  mail(3, { status: "outbox", sent_at: null }),
];

function list(rows: MailLog[]) {
  return (request: FakeRequest) => {
    const status = request.query.get("status");
    const q = request.query.get("q");
    const shown = rows.filter((r) => (!status || r.status === status) && (!q || r.to.includes(q)));
    return success(shown, { meta: { total: shown.length } });
  };
}

function signedIn(rows: MailLog[] = MAILS) {
  const me = testUser({ permissions: ["view_devices", "view_mail_logs"] });
  return fakeApi().on("GET", "/api/user", success(me, me)).on("GET", "/api/mail-logs", list(rows));
}

async function openPage(url = "/system/mail-logs") {
  const rendered = renderApp(url);
  await screen.findByRole("heading", { level: 1, name: "Mail logs" }, { timeout: 8000 });
  return rendered;
}

const rowOf = (text: string) => screen.getByText(text).closest("tr") as HTMLElement;

afterEach(() => {
  act(() => closeAllDialogs());
});

describe("the mail logs page", () => {
  it("lists every e-mail with recipient, subject, state and time", async () => {
    const api = signedIn();
    await openPage();

    const table = await screen.findByRole("table", { name: "Mail logs" });
    await within(table).findByText("person1@example.com");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Time", "Recipient", "Subject", "Status", "Kind"]);
    expect(within(rowOf("person1@example.com")).getByText("Sent")).toBeVisible();
    expect(within(rowOf("person2@example.com")).getByText("Failed")).toBeVisible();
    expect(within(rowOf("person3@example.com")).getByText("In outbox")).toBeVisible();
    expect(rowOf("person1@example.com").textContent).toMatch(/2026-03-0\d \d\d:\d\d:07/);
    expect(api.calls("GET", "/api/mail-logs")[0]?.search).toBe("?limit=25&offset=0");
  });

  it("filters by state and recipient on the server", async () => {
    const api = signedIn();
    const { user } = await openPage();
    await screen.findByText("person1@example.com");

    await user.click(screen.getByRole("radio", { name: "Failed" }));
    await expect.poll(() => screen.queryByText("person1@example.com")).toBeNull();
    expect(screen.getByText("person2@example.com")).toBeVisible();
    expect(api.calls("GET", "/api/mail-logs").at(-1)?.query.get("status")).toBe("failed");

    await user.type(screen.getByRole("searchbox", { name: "Search mail logs" }), "nobody");
    expect(await screen.findByText("No e-mails to “nobody”", {}, { timeout: 2000 })).toBeVisible();
    const last = api.calls("GET", "/api/mail-logs").at(-1)?.query;
    expect(last?.get("q")).toBe("nobody");
    expect(last?.get("status")).toBe("failed");
  });

  it("opens an e-mail with its text as the server masked it, and why it failed", async () => {
    signedIn();
    const { user } = await openPage();
    await screen.findByText("person2@example.com");

    await user.click(screen.getByRole("button", { name: "Message 2" }));

    const dialog = await screen.findByRole("dialog", { name: "Message 2" }, { timeout: 5000 });
    expect(within(dialog).getByText("550 Mailbox unavailable")).toBeVisible();
    expect(within(dialog).getByText(/register\?token=\[hidden\]/)).toBeVisible();
  });

  it("says so when no e-mail was sent yet", async () => {
    signedIn([]);
    await openPage();
    expect(await screen.findByText("No e-mails yet")).toBeVisible();
  });

  it("says so when a state has no e-mails", async () => {
    signedIn([mail(1)]);
    await openPage("/system/mail-logs?status=failed");
    expect(await screen.findByText("No e-mails in this state")).toBeVisible();
    expect(screen.getByRole("radio", { name: "Failed" })).toBeChecked();
  });

  it("shows the server's message when the logs cannot be loaded", async () => {
    signedIn().on("GET", "/api/mail-logs", failure(500, "SERVER_ERROR", "Something went wrong."));
    await openPage();

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load the mail logs");
    expect(alert).toHaveTextContent("Something went wrong.");
  });
});
