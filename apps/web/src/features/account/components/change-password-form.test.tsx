import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { failure, fakeApi } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { ChangePasswordForm } from "./change-password-form";

function fields() {
  return {
    current: screen.getByLabelText(/Current password/),
    password: screen.getByLabelText(/^New password/),
    confirmation: screen.getByLabelText(/Confirm new password/),
  };
}

describe("ChangePasswordForm", () => {
  it("sends the current and new password and clears the form", async () => {
    const api = fakeApi().on("PUT", "/api/user/password", {
      status: 200,
      body: { success: true, data: null, message: "Password changed successfully" },
    });
    const { user } = renderPage(<ChangePasswordForm />);
    const { current, password, confirmation } = fields();
    await user.type(current, "Old-password-1");
    await user.type(password, "New-password-22");
    await user.type(confirmation, "New-password-22");
    await user.click(screen.getByRole("button", { name: "Change password" }));

    expect(await screen.findByText("Password changed successfully")).toBeVisible();
    expect(api.calls("PUT", "/api/user/password")[0]?.body).toEqual({
      current_password: "Old-password-1",
      password: "New-password-22",
      password_confirmation: "New-password-22",
    });
    await waitFor(() => expect(current).toHaveValue(""));
    expect(password).toHaveValue("");
  });

  it("refuses a confirmation that differs without asking the server", async () => {
    const api = fakeApi();
    const { user } = renderPage(<ChangePasswordForm />);
    const { current, password, confirmation } = fields();
    await user.type(current, "Old-password-1");
    await user.type(password, "New-password-22");
    await user.type(confirmation, "New-password-23");
    await user.click(screen.getByRole("button", { name: "Change password" }));

    expect(await screen.findByText("The passwords do not match")).toBeVisible();
    expect(api.calls("PUT", "/api/user/password")).toHaveLength(0);
  });

  it("shows the server's error under the field it names", async () => {
    fakeApi().on(
      "PUT",
      "/api/user/password",
      failure(422, "VALIDATION_FAILED", "The current password is incorrect.", "current_password"),
    );
    const { user } = renderPage(<ChangePasswordForm />);
    const { current, password, confirmation } = fields();
    await user.type(current, "Wrong-password-1");
    await user.type(password, "New-password-22");
    await user.type(confirmation, "New-password-22");
    await user.click(screen.getByRole("button", { name: "Change password" }));

    expect(await screen.findByText("The current password is incorrect.")).toBeVisible();
    expect(current).toHaveAccessibleDescription("The current password is incorrect.");
  });
});
