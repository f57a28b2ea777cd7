import { type MockInstance, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { browserLocation } from "../../../lib/browser-location";
import { i18n } from "../../../lib/i18n";
import { type FakeReply, failure, fakeApi, success } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { SignInForm } from "./sign-in-form";

const THROTTLED =
  "Too many failed sign-in attempts. Try again in 15 minutes, or sign in with a link sent by e-mail.";

/** The throttle's refusal, with the sign-in link on offer. */
function throttled(signInLink = true): FakeReply {
  return {
    status: 429,
    body: {
      success: false,
      errors: [{ code: "TOO_MANY_REQUESTS", message: THROTTLED, source: null }],
      meta: { retry_after: 900, ...(signInLink ? { sign_in_link: true } : {}) },
    },
  };
}

const LINK_SENT = "If an account uses this address, we e-mailed it a sign-in link.";

let assign: MockInstance<(url: string) => void>;

beforeEach(() => {
  assign = vi.spyOn(browserLocation, "assign").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("SignInForm", () => {
  it("signs in with the typed e-mail and password and follows the answer", async () => {
    const api = fakeApi().on(
      "POST",
      "/account/sign-in",
      success({ location: "/management/devices" }),
    );
    const { user } = renderPage(<SignInForm continueUrl={null} />);

    await user.type(screen.getByLabelText(/e-mail/i), "  Ada@Example.com ");
    await user.type(screen.getByLabelText(/^password/i), "correct horse");
    await user.keyboard("{Enter}");

    await waitFor(() => expect(assign).toHaveBeenCalledWith("/management/devices"));
    expect(api.calls("POST", "/account/sign-in")[0]?.body).toEqual({
      email: "ada@example.com",
      password: "correct horse",
    });
  });

  it("gives the fields accessible labels and autocomplete hints", () => {
    fakeApi();
    renderPage(<SignInForm continueUrl={null} />);

    expect(screen.getByLabelText(/e-mail/i)).toHaveAttribute("autocomplete", "username");
    expect(screen.getByLabelText(/^password/i)).toHaveAttribute("autocomplete", "current-password");
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
      "href",
      "/account/forgot-password",
    );
  });

  it("speaks the chosen language", async () => {
    fakeApi();
    await i18n.changeLanguage("no");
    renderPage(<SignInForm continueUrl={null} />);

    expect(screen.getByRole("textbox", { name: "E-post" })).toHaveAttribute(
      "autocomplete",
      "username",
    );
    expect(screen.getByLabelText(/^passord/i)).toHaveAttribute("type", "password");
    expect(screen.getByRole("link", { name: "Glemt passordet?" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Logg inn" })).toBeVisible();
    expect(screen.queryByText("Sign in")).not.toBeInTheDocument();
  });

  it("shows the server's message in an alert when the credentials are wrong", async () => {
    fakeApi().on(
      "POST",
      "/account/sign-in",
      failure(401, "INVALID_CREDENTIALS", "The e-mail or password is incorrect."),
    );
    const { user } = renderPage(<SignInForm continueUrl={null} />);

    await user.type(screen.getByLabelText(/e-mail/i), "ada@example.com");
    await user.type(screen.getByLabelText(/^password/i), "wrong");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    expect(await screen.findByText("The e-mail or password is incorrect.")).toBeVisible();
    expect(screen.getByRole("alert")).toHaveTextContent("The e-mail or password is incorrect.");
    expect(assign).not.toHaveBeenCalled();
  });

  it("validates the fields before sending anything", async () => {
    const api = fakeApi();
    const { user } = renderPage(<SignInForm continueUrl={null} />);

    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("E-mail is required")).toBeVisible();
    expect(screen.getByText("Password is required")).toBeVisible();

    await user.type(screen.getByLabelText(/e-mail/i), "not-an-address");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Enter a valid e-mail address")).toBeVisible();
    expect(screen.getByLabelText(/e-mail/i)).toHaveAttribute("aria-invalid", "true");

    expect(api.requests).toHaveLength(0);
  });

  it("puts the server's field errors under their fields", async () => {
    fakeApi().on(
      "POST",
      "/account/sign-in",
      failure(422, "VALIDATION_FAILED", "This e-mail domain is not allowed", "email"),
    );
    const { user } = renderPage(<SignInForm continueUrl={null} />);

    await user.type(screen.getByLabelText(/e-mail/i), "ada@example.com");
    await user.type(screen.getByLabelText(/^password/i), "secret");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    expect(await screen.findByText("This e-mail domain is not allowed")).toBeVisible();
    expect(screen.getByLabelText(/e-mail/i)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  });

  it("passes continue_url on and refuses to follow an answer to another site", async () => {
    const api = fakeApi().on(
      "POST",
      "/account/sign-in",
      success({ location: "https://evil.example/steal" }),
    );
    const { user } = renderPage(
      <SignInForm continueUrl="http://localhost:3000/account/settings" />,
    );

    await user.type(screen.getByLabelText(/e-mail/i), "ada@example.com");
    await user.type(screen.getByLabelText(/^password/i), "secret");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith("/management/devices"));
    expect(api.calls("POST", "/account/sign-in")[0]?.body).toMatchObject({
      continue_url: "http://localhost:3000/account/settings",
    });
  });

  describe("sign-in link by e-mail", () => {
    it("after the throttle refuses, shows its message and e-mails a sign-in link on request", async () => {
      const api = fakeApi()
        .on("POST", "/account/sign-in", throttled())
        .on("POST", "/account/sign-in/link/request", {
          status: 200,
          body: { success: true, message: LINK_SENT },
        });
      const { user } = renderPage(<SignInForm continueUrl="/users?q=north" />);

      expect(screen.getAllByRole("button", { name: "E-mail me a sign-in link" })).toHaveLength(1);
      await user.type(screen.getByLabelText(/e-mail/i), " Ada@Example.com");
      await user.type(screen.getByLabelText(/^password/i), "guess");
      await user.click(screen.getByRole("button", { name: "Sign in" }));

      expect(await screen.findByRole("alert")).toHaveTextContent(THROTTLED);
      // One offer at a time: the prominent button takes the plain link's place.
      const offer = screen.getByRole("button", { name: "E-mail me a sign-in link" });
      expect(offer).toHaveClass("mantine-Button-root");
      await user.click(offer);

      expect(await screen.findByRole("status")).toHaveTextContent(LINK_SENT);
      expect(screen.getByRole("alert")).toBeEmptyDOMElement();
      expect(api.calls("POST", "/account/sign-in/link/request")[0]?.body).toEqual({
        email: "ada@example.com",
        continue_url: "/users?q=north",
      });
      expect(assign).not.toHaveBeenCalled();
    });

    it("keeps the plain offer when the refusal does not name the link", async () => {
      fakeApi().on("POST", "/account/sign-in", throttled(false));
      const { user } = renderPage(<SignInForm continueUrl={null} />);

      await user.type(screen.getByLabelText(/e-mail/i), "ada@example.com");
      await user.type(screen.getByLabelText(/^password/i), "guess");
      await user.click(screen.getByRole("button", { name: "Sign in" }));

      expect(await screen.findByRole("alert")).toHaveTextContent(THROTTLED);
      expect(screen.getByRole("button", { name: "E-mail me a sign-in link" })).not.toHaveClass(
        "mantine-Button-root",
      );
    });

    it("offers the link without a failed sign-in, needing only a valid e-mail", async () => {
      const api = fakeApi().on("POST", "/account/sign-in/link/request", {
        status: 200,
        body: { success: true, message: LINK_SENT },
      });
      const { user } = renderPage(<SignInForm continueUrl={null} />);

      await user.click(screen.getByRole("button", { name: "E-mail me a sign-in link" }));
      expect(await screen.findByText("E-mail is required")).toBeVisible();
      expect(screen.getByLabelText(/e-mail/i)).toHaveFocus();
      expect(api.requests).toHaveLength(0);

      await user.type(screen.getByLabelText(/e-mail/i), "ada@example.com");
      await user.click(screen.getByRole("button", { name: "E-mail me a sign-in link" }));

      expect(await screen.findByRole("status")).toHaveTextContent(LINK_SENT);
      expect(screen.queryByText("E-mail is required")).not.toBeInTheDocument();
      expect(api.calls("POST", "/account/sign-in/link/request")[0]?.body).toEqual({
        email: "ada@example.com",
      });
    });

    it("speaks the chosen language", async () => {
      fakeApi();
      await i18n.changeLanguage("uk");
      renderPage(<SignInForm continueUrl={null} />);

      expect(
        screen.getByRole("button", { name: "Надіслати мені посилання для входу" }),
      ).toBeVisible();
    });
  });
});
