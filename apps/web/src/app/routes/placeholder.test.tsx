import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { i18n } from "../../lib/i18n";
import { fakeApi, success } from "../../test/fake-api";
import { renderApp } from "../../test/render";
import { testUser } from "../../test/users";

const user = testUser({ permissions: ["view_devices", "view_users", "view_user_invitations"] });

describe("the placeholder page", () => {
  it("says the page is not available in this version, not that there is no data", async () => {
    fakeApi().on("GET", "/api/user", success(user, user));
    renderApp("/users/invitations");

    expect(await screen.findByRole("heading", { level: 1, name: "Invitations" })).toBeVisible();
    expect(screen.getByRole("heading", { name: "Not available yet" })).toBeVisible();
    expect(
      screen.getByText("Invitations is not available in this version of Netfleet yet."),
    ).toBeVisible();
    expect(screen.queryByText(/no data/i)).not.toBeInTheDocument();
  });

  it("says it in the chosen language", async () => {
    fakeApi().on("GET", "/api/user", success(user, user));
    await i18n.changeLanguage("no");
    renderApp("/users/invitations");

    expect(
      await screen.findByText(
        "Invitasjoner er ikke tilgjengelig i denne versjonen av Netfleet ennå.",
      ),
    ).toBeVisible();
  });
});
