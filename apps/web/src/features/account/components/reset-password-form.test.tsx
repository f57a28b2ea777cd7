import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { failure, fakeApi } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { ResetPasswordForm } from "./reset-password-form";

async function typeNewPassword(user: ReturnType<typeof renderPage>["user"]) {
  await user.type(screen.getByLabelText(/^New password/), "New-password-22");
  await user.type(screen.getByLabelText(/Confirm new password/), "New-password-22");
  await user.click(screen.getByRole("button", { name: "Change password" }));
}

describe("ResetPasswordForm", () => {
  it("sends the token with the new password, not its confirmation", async () => {
    const api = fakeApi().on("POST", "/account/password/reset", {
      status: 200,
      body: { success: true, message: "Your password was changed." },
    });
    const { user } = renderPage(<ResetPasswordForm token="reset-token" />);
    await typeNewPassword(user);

    expect(await screen.findByRole("status")).toHaveTextContent("Your password was changed.");
    expect(api.calls("POST", "/account/password/reset")[0]?.body).toEqual({
      token: "reset-token",
      password: "New-password-22",
    });
  });

  it("shows the server's error under the field its source names", async () => {
    fakeApi().on(
      "POST",
      "/account/password/reset",
      failure(422, "VALIDATION_FAILED", "This password is too common", "password"),
    );
    const { user } = renderPage(<ResetPasswordForm token="reset-token" />);
    await typeNewPassword(user);

    expect(await screen.findByText("This password is too common")).toBeVisible();
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(
      /This password is too common/,
    );
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  });

  it("shows an error that names no field of the form above the fields", async () => {
    fakeApi().on(
      "POST",
      "/account/password/reset",
      failure(422, "VALIDATION_FAILED", "The link is malformed", "token"),
    );
    const { user } = renderPage(<ResetPasswordForm token="reset-token" />);
    await typeNewPassword(user);

    expect(await screen.findByRole("alert")).toHaveTextContent("The link is malformed");
    expect(screen.getByLabelText(/^New password/)).not.toHaveAccessibleDescription(/malformed/);
  });
});
