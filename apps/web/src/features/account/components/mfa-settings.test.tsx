import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import type { MfaStatus } from "@netfleet/contracts/schemas/mfa";
import { failure, fakeApi, success } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { MfaSettings } from "./mfa-settings";

const OFF: MfaStatus = { mfa_type: null, mandatory: false, recovery_codes_left: 0 };
const TOTP: MfaStatus = { mfa_type: "totp", mandatory: false, recovery_codes_left: 10 };
const RECOVERY = Array.from({ length: 10 }, (_, i) => `code-${String(i).padStart(4, "0")}`);

const totpEnrolment = {
  type: "totp",
  secret: "JBSWY3DPEHPK3PXP",
  otpauth_url: "otpauth://totp/Netfleet:me?secret=JBSWY3DPEHPK3PXP",
  qr_code: "data:image/svg+xml;base64,PHN2Zy8+",
  email: null,
  expires_at: "2026-11-22T10:00:00Z",
};

function section() {
  return screen.getByRole("region", { name: "Two-factor authentication" });
}

describe("MfaSettings", () => {
  it("enrols an authenticator app and shows the recovery codes once", async () => {
    let status = OFF;
    const api = fakeApi()
      .on("GET", "/api/mfa", () => success(status))
      .on("POST", "/api/mfa", success(totpEnrolment))
      .on("PUT", "/api/mfa", () => {
        status = TOTP;
        return success({ mfa_type: "totp", recovery_codes: RECOVERY });
      });
    const { user } = renderPage(<MfaSettings />);
    expect(await within(section()).findByText("Off")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Set up authenticator app" }));

    expect(
      await screen.findByRole("img", { name: "QR code for your authenticator app" }),
    ).toHaveAttribute("src", totpEnrolment.qr_code);
    expect(screen.getByText("JBSWY3DPEHPK3PXP")).toBeVisible();
    expect(screen.getByRole("button", { name: "Copy key" })).toBeVisible();
    expect(api.calls("POST", "/api/mfa")[0]?.body).toEqual({ type: "totp" });

    await user.type(screen.getByRole("textbox", { name: /6-digit code/ }), "123456");
    await user.click(screen.getByRole("button", { name: "Confirm" }));

    const codes = await screen.findByRole("list", { name: "Recovery codes" });
    expect(within(codes).getAllByRole("listitem")).toHaveLength(10);
    expect(within(codes).getByText("code-0003")).toBeVisible();
    expect(api.calls("PUT", "/api/mfa")[0]?.body).toEqual({ code: "123456" });

    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(await within(section()).findByText("Authenticator app")).toBeVisible();
    expect(screen.queryByText("code-0003")).not.toBeInTheDocument();
    expect(screen.getByText("Recovery codes left: 10")).toBeVisible();
  });

  it("shows a wrong code under the code field and stays on the step", async () => {
    fakeApi()
      .on("GET", "/api/mfa", success(OFF))
      .on(
        "POST",
        "/api/mfa",
        success({
          ...totpEnrolment,
          type: "email",
          secret: null,
          qr_code: null,
          otpauth_url: null,
          email: "me@example.com",
        }),
      )
      .on("PUT", "/api/mfa", failure(422, "CONFIRMATION_FAILED", "The code is not valid.", "code"));
    const { user } = renderPage(<MfaSettings />);
    await user.click(await screen.findByRole("button", { name: "Use e-mail codes" }));

    expect(await screen.findByText(/We sent a 6-digit code to me@example.com/)).toBeVisible();
    const code = screen.getByRole("textbox", { name: /6-digit code/ });
    await user.type(code, "000000");
    await user.click(screen.getByRole("button", { name: "Confirm" }));

    expect(await screen.findByText("The code is not valid.")).toBeVisible();
    expect(code).toHaveAttribute("aria-invalid", "true");
  });

  it("checks the code has six digits before sending it", async () => {
    const api = fakeApi()
      .on("GET", "/api/mfa", success(OFF))
      .on("POST", "/api/mfa", success(totpEnrolment));
    const { user } = renderPage(<MfaSettings />);
    await user.click(await screen.findByRole("button", { name: "Set up authenticator app" }));
    await user.type(await screen.findByRole("textbox", { name: /6-digit code/ }), "12ab");
    await user.click(screen.getByRole("button", { name: "Confirm" }));

    expect(await screen.findByText("Enter the 6-digit code")).toBeVisible();
    expect(api.calls("PUT", "/api/mfa")).toHaveLength(0);
  });

  it("explains that a company's mandatory second factor cannot be turned off", async () => {
    fakeApi().on("GET", "/api/mfa", success({ ...TOTP, mandatory: true }));
    renderPage(<MfaSettings />);

    expect(await screen.findByText(/requires two-factor authentication/)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Turn off" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Use e-mail codes" })).toBeVisible();
  });

  it("turns the second factor off only after confirmation", async () => {
    let status = TOTP;
    const api = fakeApi()
      .on("GET", "/api/mfa", () => success(status))
      .on("DELETE", "/api/mfa", () => {
        status = OFF;
        return success(null);
      });
    const { user } = renderPage(<MfaSettings />);
    await user.click(await screen.findByRole("button", { name: "Turn off" }));
    let dialog = await screen.findByRole("dialog", { name: "Turn off two-factor authentication?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(api.calls("DELETE", "/api/mfa")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Turn off" }));
    dialog = await screen.findByRole("dialog", { name: "Turn off two-factor authentication?" });
    await user.click(within(dialog).getByRole("button", { name: "Turn off" }));

    await waitFor(() => expect(api.calls("DELETE", "/api/mfa")).toHaveLength(1));
    expect(await within(section()).findByText("Off")).toBeVisible();
  });
});
