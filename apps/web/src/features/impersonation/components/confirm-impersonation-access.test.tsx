import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { deferred, failure, fakeApi, success } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { ConfirmImpersonationAccess } from "./confirm-impersonation-access";

const URL = "/users/confirm-impersonation-access/the-token";

describe("ConfirmImpersonationAccess", () => {
  it("confirms the link's token once and says until when support may sign in", async () => {
    const release = deferred();
    const api = fakeApi().on("POST", "/api/user/impersonation-access/confirm", async () => {
      await release.promise;
      return success({
        impersonation_access_limit: new Date(2099, 4, 6, 7, 8, 9).toISOString(),
      });
    });
    renderPage(<ConfirmImpersonationAccess token="the-token" />, { url: URL });

    expect(await screen.findByText("Confirming support access…")).toBeVisible();
    release.resolve();
    expect(
      await screen.findByText("Support staff may sign in as you until 2099-05-06 07:08:09."),
    ).toBeVisible();
    expect(api.calls("POST", "/api/user/impersonation-access/confirm")).toHaveLength(1);
    expect(api.calls("POST", "/api/user/impersonation-access/confirm")[0]?.body).toEqual({
      token: "the-token",
    });
    expect(screen.getByRole("link", { name: "Back to account settings" })).toHaveAttribute(
      "href",
      "/account/settings",
    );
  });

  it("explains a used, expired or foreign link and leads back to the settings", async () => {
    fakeApi().on(
      "POST",
      "/api/user/impersonation-access/confirm",
      failure(
        422,
        "INVALID_TOKEN",
        "This confirmation link is invalid, already used, expired or meant for another account.",
        "token",
      ),
    );
    const { user } = renderPage(<ConfirmImpersonationAccess token="the-token" />, { url: URL });

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Support access was not granted");
    expect(alert).toHaveTextContent(
      "This confirmation link is invalid, already used, expired or meant for another account.",
    );
    await user.click(screen.getByRole("link", { name: "Back to account settings" }));
    expect(await screen.findByText("Elsewhere")).toBeVisible();
  });
});
