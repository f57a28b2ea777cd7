import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { i18n } from "../../lib/i18n";
import { fakeApi, success } from "../../test/fake-api";
import { renderApp } from "../../test/render";
import { testUser } from "../../test/users";

const user = testUser({ permissions: ["view_devices", "view_device_task_groups"] });

describe("the placeholder page", () => {
  it("says the page is not available in this version, not that there is no data", async () => {
    fakeApi().on("GET", "/api/user", success(user, user));
    renderApp("/task-manager");

    expect(await screen.findByRole("heading", { level: 1, name: "Task manager" })).toBeVisible();
    expect(screen.getByRole("heading", { name: "Not available yet" })).toBeVisible();
    expect(
      screen.getByText("Task manager is not available in this version of Netfleet yet."),
    ).toBeVisible();
    expect(screen.queryByText(/no data/i)).not.toBeInTheDocument();
  });

  it("says it in the chosen language", async () => {
    fakeApi().on("GET", "/api/user", success(user, user));
    await i18n.changeLanguage("no");
    renderApp("/task-manager");

    expect(
      await screen.findByText(
        "Oppgavebehandler er ikke tilgjengelig i denne versjonen av Netfleet ennå.",
      ),
    ).toBeVisible();
  });
});
