import { afterEach, describe, expect, it } from "vitest";
import { act, screen, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import type { SmtpSettings } from "@netfleet/contracts/schemas/email-smtp";
import { closeAllDialogs } from "../../../components/ui/dialog/dialog-store";
import { failure, fakeApi, success } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";
import { testUser } from "../../../test/users";

const STORED: SmtpSettings = {
  host: "smtp.example.com",
  port: 587,
  security: "starttls",
  username: "mailer",
  password_set: true,
  from: "Netfleet <noreply@example.com>",
  source: "settings",
  updated_at: "2026-03-01T10:00:00.000Z",
};

function signedIn(settings: SmtpSettings = STORED, permissions = ["super_admin"]) {
  const me = testUser({ permissions: ["view_devices", ...permissions] });
  return fakeApi()
    .on("GET", "/api/user", success(me, me))
    .on("GET", "/api/email-smtp", success(settings));
}

async function openPage() {
  const rendered = renderApp("/email-smtp", { confirmations: true });
  await screen.findByRole("heading", { level: 1, name: "E-mail server" }, { timeout: 8000 });
  await screen.findByRole("textbox", { name: "Host" });
  return rendered;
}

const box = (name: string) => screen.getByRole("textbox", { name });

afterEach(() => {
  act(() => {
    closeAllDialogs();
    notifications.clean();
  });
});

describe("the e-mail server page", () => {
  it("shows the stored settings and where e-mail goes, but never the password", async () => {
    signedIn();
    await openPage();

    expect(box("Host")).toHaveValue("smtp.example.com");
    expect(screen.getByRole("textbox", { name: "Port" })).toHaveValue("587");
    expect(box("User name")).toHaveValue("mailer");
    expect(box("From address")).toHaveValue("Netfleet <noreply@example.com>");
    const password = screen.getByLabelText("Password");
    expect(password).toHaveValue("");
    expect(password).toHaveAccessibleDescription(/A password is stored/);
    expect(screen.getByText("through the server set here")).toBeVisible();
  });

  it("keeps the stored password when the field is left empty, confirming the password first", async () => {
    let confirmed = false;
    const api = signedIn()
      .on("PUT", "/api/email-smtp", () =>
        confirmed
          ? success(STORED, { message: "SMTP settings updated successfully" })
          : failure(423, "PASSWORD_CONFIRMATION_REQUIRED", "Confirm your password to continue."),
      )
      .on("POST", "/api/password-confirmation", () => {
        confirmed = true;
        return success(null);
      });
    const { user } = await openPage();

    await user.clear(box("Host"));
    await user.type(box("Host"), "mail.example.org");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByRole("dialog", { name: "Confirm your password" }, { timeout: 5000 });
    await user.type(
      await screen.findByLabelText(/^Password/, { selector: "[role=dialog] *" }),
      "s3cret{Enter}",
    );

    expect(await screen.findByText("SMTP settings updated successfully")).toBeVisible();
    const sent = api.calls("PUT", "/api/email-smtp");
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toEqual({
      host: "mail.example.org",
      port: 587,
      security: "starttls",
      username: "mailer",
      from: "Netfleet <noreply@example.com>",
    });
  });

  it("sends a new password only when one is typed, and null to remove it", async () => {
    const api = signedIn().on("PUT", "/api/email-smtp", success(STORED));
    const { user } = await openPage();

    await user.type(screen.getByLabelText("Password"), "n3w-secret");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await expect.poll(() => api.calls("PUT", "/api/email-smtp").length).toBe(1);
    expect(api.calls("PUT", "/api/email-smtp")[0]?.body).toMatchObject({ password: "n3w-secret" });

    await user.click(screen.getByRole("checkbox", { name: "Remove the stored password" }));
    expect(screen.queryByLabelText("Password")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await expect.poll(() => api.calls("PUT", "/api/email-smtp").length).toBe(2);
    expect(api.calls("PUT", "/api/email-smtp")[1]?.body).toMatchObject({ password: null });
  });

  it("checks the fields before sending and shows the server's refusal under its field", async () => {
    const api = signedIn({
      ...STORED,
      host: null,
      port: null,
      username: null,
      password_set: false,
      from: null,
      source: "outbox",
      updated_at: null,
    }).on(
      "PUT",
      "/api/email-smtp",
      failure(422, "VALIDATION_FAILED", "Enter a host name or an IPv4 address", "host"),
    );
    const { user } = await openPage();
    expect(screen.getByText("nowhere: it stays in the outbox (Mail logs)")).toBeVisible();
    expect(screen.queryByRole("checkbox", { name: "Remove the stored password" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(box("Host")).toHaveAccessibleDescription(/required/i);
    expect(api.calls("PUT", "/api/email-smtp")).toHaveLength(0);

    await user.type(box("Host"), "mail.example.org");
    await user.type(box("From address"), "ops@example.org");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Enter a host name or an IPv4 address")).toBeVisible();
    expect(api.calls("PUT", "/api/email-smtp")[0]?.body).toEqual({
      host: "mail.example.org",
      port: 587,
      security: "starttls",
      username: null,
      from: "ops@example.org",
    });
  });

  it("sends a test e-mail to the signed-in user and shows the mail server's refusal", async () => {
    let refuse = true;
    const api = signedIn().on("POST", "/api/email-smtp/test", () =>
      refuse
        ? failure(
            422,
            "VALIDATION_FAILED",
            "The test e-mail could not be sent: 535 Authentication failed",
          )
        : success(null, { message: "Test e-mail sent to ada@example.com" }),
    );
    const { user } = await openPage();
    expect(box("Send to")).toHaveValue("ada@example.com");

    await user.click(screen.getByRole("button", { name: "Send test e-mail" }));
    const alert = await screen.findByText(
      "The test e-mail could not be sent: 535 Authentication failed",
    );
    expect(
      within(alert.closest("[role=alert]") as HTMLElement).getByText(/was not sent/),
    ).toBeVisible();

    refuse = false;
    await user.click(screen.getByRole("button", { name: "Send test e-mail" }));
    expect(await screen.findByText("Test e-mail sent to ada@example.com")).toBeVisible();
    expect(api.calls("POST", "/api/email-smtp/test")[1]?.body).toEqual({ to: "ada@example.com" });
  });

  it("shows the server's message when the settings cannot be loaded", async () => {
    signedIn().on("GET", "/api/email-smtp", failure(500, "SERVER_ERROR", "Something went wrong."));
    renderApp("/email-smtp");

    const alert = await screen.findByRole("alert", {}, { timeout: 8000 });
    expect(alert).toHaveTextContent("Could not load the e-mail server settings");
    expect(alert).toHaveTextContent("Something went wrong.");
  });
});
