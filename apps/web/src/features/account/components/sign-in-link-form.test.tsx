import {
  type MockInstance,
  afterEach,
  beforeEach,
  describe,
  expect,
  it,
  onTestFinished,
  vi,
} from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { closeAllDialogs } from "../../../components/ui/dialog/dialog-store";
import { browserLocation } from "../../../lib/browser-location";
import { i18n } from "../../../lib/i18n";
import { failure, fakeApi, success } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

let assign: MockInstance<(url: string) => void>;

beforeEach(() => {
  assign = vi.spyOn(browserLocation, "assign").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const PAGE = "/account/sign-in-link?token=tok-1&continue_url=%2Fusers%3Fq%3Dnorth";

describe("/account/sign-in-link", () => {
  it("signs in only on a click, then goes where the server says", async () => {
    const api = fakeApi().on(
      "POST",
      "/account/sign-in/link",
      success({ location: "/users?q=north" }),
    );
    const { user } = renderApp(PAGE);

    const button = await screen.findByRole("button", { name: "Sign in" });
    expect(screen.getByRole("heading", { name: "Sign in with an e-mailed link" })).toBeVisible();
    // Mail scanners open links: opening the page alone must not use the link up.
    expect(api.calls("POST", "/account/sign-in/link")).toHaveLength(0);

    await user.click(button);

    await waitFor(() => expect(assign).toHaveBeenCalledWith("/users?q=north"));
    expect(api.calls("POST", "/account/sign-in/link")).toHaveLength(1);
    expect(api.calls("POST", "/account/sign-in/link")[0]?.body).toEqual({
      token: "tok-1",
      continue_url: "/users?q=north",
    });
  });

  it("never follows an answer to another site", async () => {
    fakeApi().on("POST", "/account/sign-in/link", success({ location: "https://evil.example/" }));
    const { user } = renderApp("/account/sign-in-link?token=tok-1");

    await user.click(await screen.findByRole("button", { name: "Sign in" }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith("/management/devices"));
  });

  it("explains an invalid, used or expired link and leads back to sign-in", async () => {
    fakeApi().on(
      "POST",
      "/account/sign-in/link",
      failure(
        422,
        "INVALID_TOKEN",
        "This sign-in link is invalid, already used or expired.",
        "token",
      ),
    );
    const { user } = renderApp(PAGE);

    await user.click(await screen.findByRole("button", { name: "Sign in" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This sign-in link is invalid, already used or expired.",
    );
    expect(screen.getByRole("link", { name: "Go to sign-in" })).toHaveAttribute(
      "href",
      "/account/sign-in?continue_url=%2Fusers%3Fq%3Dnorth",
    );
    expect(screen.queryByRole("button", { name: "Sign in" })).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it("shows any other failure and lets the user try again", async () => {
    let calls = 0;
    fakeApi().on("POST", "/account/sign-in/link", () =>
      ++calls === 1
        ? failure(503, "SERVICE_UNAVAILABLE", "The account service is busy.")
        : success({ location: "/management/devices" }),
    );
    const { user } = renderApp("/account/sign-in-link?token=tok-1");

    await user.click(await screen.findByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The account service is busy.");

    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/management/devices"));
  });

  it("asks for the second factor in the code dialog, as sign-in does", async () => {
    onTestFinished(closeAllDialogs);
    const api = fakeApi().on("POST", "/account/sign-in/link", (request) =>
      (request.body as Record<string, unknown>).session_code
        ? success({ location: "/management/devices" })
        : {
            status: 403,
            body: {
              success: false,
              errors: [{ code: "MFA_REQUIRED", message: "Enter the code.", source: null }],
              meta: { mfa_method: "email", session_uuid: "u-1" },
            },
          },
    );
    const { user } = renderApp("/account/sign-in-link?token=tok-1", { confirmations: true });

    await user.click(await screen.findByRole("button", { name: "Sign in" }));
    await screen.findByRole("dialog", { name: "Enter authentication code" });
    await user.type(await screen.findByRole("textbox", { name: /code/i }), "123456{Enter}");

    await waitFor(() => expect(assign).toHaveBeenCalledWith("/management/devices"));
    expect(api.calls("POST", "/account/sign-in/link")[1]?.body).toMatchObject({
      token: "tok-1",
      session_code: "123456",
      session_uuid: "u-1",
    });
  });

  it("says so when the link lost its token", async () => {
    const api = fakeApi();
    renderApp("/account/sign-in-link");

    expect(
      await screen.findByText(
        "This sign-in link is incomplete. Open the link from the e-mail again.",
      ),
    ).toBeVisible();
    expect(screen.getByRole("link", { name: "Go to sign-in" })).toHaveAttribute(
      "href",
      "/account/sign-in",
    );
    expect(api.requests).toHaveLength(0);
  });

  it("speaks the chosen language", async () => {
    fakeApi();
    await i18n.changeLanguage("ja");
    renderApp("/account/sign-in-link?token=tok-1");

    expect(
      await screen.findByRole("heading", { name: "メールのリンクでサインイン" }),
    ).toBeVisible();
    expect(screen.getByRole("button", { name: "サインイン" })).toBeVisible();
  });
});
