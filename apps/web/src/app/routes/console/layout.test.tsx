import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { failure, fakeApi, success } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { Component as ConsoleLayout } from "./layout";

const user = {
  id: 1,
  email: "ada@example.com",
  first_name: "Ada",
  last_name: "Lovelace",
};

describe("console layout", () => {
  it("shows the signed-in user's e-mail with settings and logout", async () => {
    fakeApi().on("GET", "/api/user", success(user, user));
    renderPage(<ConsoleLayout />, { url: "/management/devices" });

    expect(await screen.findByText("ada@example.com")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Account settings" })).toHaveAttribute(
      "href",
      "/account/settings",
    );
    expect(screen.getByRole("button", { name: "Logout" })).toBeInTheDocument();
  });

  it("SH-ERR-006 asks an unconfirmed account to confirm its e-mail and can resend the link", async () => {
    const api = fakeApi()
      .on(
        "GET",
        "/api/user",
        failure(403, "EMAIL_NOT_VERIFIED", "Confirm your e-mail address to continue."),
      )
      .on("POST", "/account/user/activation/resend", { status: 200, body: { success: true } });
    const { user: person } = renderPage(<ConsoleLayout />, { url: "/management/devices" });

    expect(
      await screen.findByRole("heading", { name: "Confirm your e-mail address" }),
    ).toBeVisible();
    await person.click(screen.getByRole("button", { name: "Resend e-mail" }));

    expect(await screen.findByText("Email confirmation sent successfully")).toBeInTheDocument();
    expect(api.calls("POST", "/account/user/activation/resend")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Sign out" })).toBeVisible();
  });

  it("SH-ERR-007 quotes the status when resending fails", async () => {
    fakeApi()
      .on("GET", "/api/user", failure(403, "EMAIL_NOT_VERIFIED", "Confirm your e-mail."))
      .on(
        "POST",
        "/account/user/activation/resend",
        failure(429, "TOO_MANY_REQUESTS", "Slow down."),
      );
    const { user: person } = renderPage(<ConsoleLayout />, { url: "/management/devices" });

    await person.click(await screen.findByRole("button", { name: "Resend e-mail" }));

    expect(
      await screen.findByText("Failed to send email confirmation (Too Many Requests)"),
    ).toBeInTheDocument();
  });
});
