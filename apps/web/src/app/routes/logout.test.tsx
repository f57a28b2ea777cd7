import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { browserLocation } from "../../lib/browser-location";
import { failure, fakeApi, success } from "../../test/fake-api";
import { renderPage } from "../../test/render";
import { Component as LogoutPage } from "./logout";

let assign: MockInstance<(url: string) => void>;

beforeEach(() => {
  assign = vi.spyOn(browserLocation, "assign").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("/logout", () => {
  it("SH-MENU-034 SH-HTTP-018 SH-HTTP-019 revokes once with the query's client_id and redirect_uri, then goes where the server says", async () => {
    const api = fakeApi().on(
      "POST",
      "/account/token/revoke",
      success({ location: "/account/sign-in?signed_out=1" }),
    );
    renderPage(<LogoutPage />, { url: "/logout?client_id=cli&redirect_uri=%2Fdone" });

    expect(screen.getByRole("status", { name: "Signing out" })).toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/account/sign-in?signed_out=1"));
    const revokes = api.calls("POST", "/account/token/revoke");
    expect(revokes).toHaveLength(1);
    expect(revokes[0]!.body).toEqual({ client_id: "cli", redirect_uri: "/done" });
  });

  it("never follows a redirect to another site", async () => {
    fakeApi().on("POST", "/account/token/revoke", success({ location: "https://evil.example/" }));
    renderPage(<LogoutPage />, { url: "/logout" });

    await waitFor(() => expect(assign).toHaveBeenCalledWith("/account/sign-in"));
  });

  it("says when signing out failed and can try again", async () => {
    let answer = failure(503, "UNAVAILABLE", "The account service is restarting.");
    fakeApi().on("POST", "/account/token/revoke", () => answer);
    const { user } = renderPage(<LogoutPage />, { url: "/logout" });

    expect(await screen.findByText("The account service is restarting.")).toBeVisible();
    expect(screen.getByRole("heading", { name: "Could not sign out" })).toBeVisible();

    answer = success({ location: null });
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/account/sign-in"));
  });
});
