import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import type { PersonalAccessToken } from "@netfleet/contracts/schemas/account";
import { failure, fakeApi, success } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { PersonalAccessTokens } from "./personal-access-tokens";

const existing: PersonalAccessToken = {
  id: 7,
  name: "Backup script",
  scopes: ["devices:read", "files:read", "files:write", "reports:read"],
  prefix: "nfp_abcde",
  created_at: new Date(2025, 4, 6, 7, 8, 9).toISOString(),
  last_used_at: null,
  expires_at: null,
};

function list(tokens: PersonalAccessToken[]) {
  return { status: 200, body: { success: true, data: tokens, meta: { total: tokens.length } } };
}

describe("PersonalAccessTokens", () => {
  it("lists the tokens with their scopes and dates", async () => {
    fakeApi().on("GET", "/account/tokens", list([existing]));
    renderPage(<PersonalAccessTokens />);

    const row = (await screen.findByText("Backup script")).closest("tr") as HTMLElement;
    expect(within(row).getByText("devices:read")).toBeVisible();
    expect(within(row).getByText("+1 more")).toBeVisible();
    expect(within(row).getByText("2025-05-06 07:08:09")).toBeVisible();
    expect(within(row).getAllByText("Never")).toHaveLength(2);
  });

  it("creates a token and shows its secret once", async () => {
    let tokens: PersonalAccessToken[] = [];
    const api = fakeApi()
      .on("GET", "/account/tokens", () => list(tokens))
      .on("POST", "/account/tokens", () => {
        const created = { ...existing, id: 8, name: "CI", scopes: ["devices:read" as const] };
        tokens = [created];
        return {
          status: 201,
          body: { success: true, data: { ...created, token: "nfp_secret_value" } },
        };
      });
    const { user } = renderPage(<PersonalAccessTokens />);
    expect(await screen.findByText("You have no personal access tokens yet.")).toBeVisible();

    await user.type(screen.getByRole("textbox", { name: /name/i }), "CI");
    const devices = screen.getByRole("group", { name: "Devices" });
    await user.click(within(devices).getByRole("checkbox", { name: "Read" }));
    await user.click(screen.getByRole("button", { name: "Create token" }));

    const dialog = await screen.findByRole("dialog", { name: "Token created" });
    expect(within(dialog).getByText("nfp_secret_value")).toBeVisible();
    expect(within(dialog).getByText(/won.t be shown again/)).toBeVisible();
    expect(api.calls("POST", "/account/tokens")[0]?.body).toEqual({
      name: "CI",
      scopes: ["devices:read"],
    });

    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByText("nfp_secret_value")).not.toBeInTheDocument());
    expect(await screen.findByRole("cell", { name: /CI/ })).toBeVisible();
  });

  it("asks for a name and at least one scope before creating", async () => {
    const api = fakeApi().on("GET", "/account/tokens", list([]));
    const { user } = renderPage(<PersonalAccessTokens />);
    await screen.findByText("You have no personal access tokens yet.");

    await user.click(screen.getByRole("button", { name: "Create token" }));

    expect(await screen.findByText("Name is required")).toBeVisible();
    expect(screen.getByText("Choose at least one scope")).toBeVisible();
    expect(api.calls("POST", "/account/tokens")).toHaveLength(0);
  });

  it("revokes a token after confirmation", async () => {
    let tokens = [existing];
    const api = fakeApi()
      .on("GET", "/account/tokens", () => list(tokens))
      .on("DELETE", "/account/tokens/7", () => {
        tokens = [];
        return success(undefined);
      });
    const { user } = renderPage(<PersonalAccessTokens />);

    await user.click(await screen.findByRole("button", { name: "Revoke Backup script" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke token?" });
    expect(api.calls("DELETE", "/account/tokens/7")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Revoke token" }));

    expect(await screen.findByText("You have no personal access tokens yet.")).toBeVisible();
    expect(api.calls("DELETE", "/account/tokens/7")).toHaveLength(1);
  });

  it("shows why a token could not be created", async () => {
    fakeApi()
      .on("GET", "/account/tokens", list([]))
      .on("POST", "/account/tokens", failure(422, "VALIDATION_FAILED", "Name is taken", "name"));
    const { user } = renderPage(<PersonalAccessTokens />);
    await screen.findByText("You have no personal access tokens yet.");

    await user.type(screen.getByRole("textbox", { name: /name/i }), "CI");
    await user.click(screen.getByRole("button", { name: "Select all read" }));
    await user.click(screen.getByRole("button", { name: "Create token" }));

    expect(await screen.findByText("Name is taken")).toBeVisible();
  });
});
