import { describe, expect, it, onTestFinished } from "vitest";
import { notifications } from "@mantine/notifications";
import { act, screen, waitFor, within } from "@testing-library/react";
import type { QueryClient } from "@tanstack/react-query";
import type { Permission } from "@netfleet/contracts/permissions";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";
import { DialogHost } from "../../../components/ui/dialog/dialog-host";
import { closeAllDialogs } from "../../../components/ui/dialog/dialog-store";
import { i18n } from "../../../lib/i18n";
import { CURRENT_USER_KEY } from "../../../lib/viewer";
import { failure, fakeApi, success } from "../../../test/fake-api";
import { renderApp, renderPage } from "../../../test/render";
import { testUser } from "../../../test/users";
import { listAnswer, TREE } from "../companies-test-kit";
import { NewCompanyButton } from "./company-actions";
import { CompaniesList } from "./companies-list";

const EVERY_ACTION: Permission[] = [
  "view_companies",
  "create_companies",
  "update_companies",
  "delete_companies",
];

/** The companies API: the list (and the tree, in the same order) and the writes. */
function companiesApi() {
  return fakeApi()
    .on("GET", "/api/companies", (request) => listAnswer(request, TREE))
    .on("GET", "/api/storage", success([], { meta: { total: 0 } }));
}

/** The companies page's list and New company button, with the dialogs they open. */
function show(permissions: Permission[] = EVERY_ACTION, user: Partial<CurrentUser> = {}) {
  onTestFinished(clearScreen);
  const page = renderPage(
    <>
      <NewCompanyButton />
      <CompaniesList />
      <DialogHost />
    </>,
    { url: "/companies" },
  );
  page.queryClient.setQueryData(CURRENT_USER_KEY, testUser({ permissions, ...user }));
  return page;
}

const LOADED = { timeout: 5000 };

/** Dialogs and toasts live outside the rendered tree: none may reach the next test. */
function clearScreen() {
  act(() => {
    closeAllDialogs();
    notifications.clean();
  });
}

/** The options of an open select, by their text. Without layout (jsdom) Mantine leaves them display:none. */
async function optionsOf(select: HTMLElement): Promise<(string | undefined)[]> {
  await waitFor(() => expect(select).toHaveAttribute("aria-controls"));
  const list = document.getElementById(select.getAttribute("aria-controls") ?? "") as HTMLElement;
  return within(list)
    .getAllByRole("option", { hidden: true })
    .map((o) => o.textContent?.trim());
}
/** The signed-in user now holds these permissions, as after a role change. */
async function signInAs(queryClient: QueryClient, permissions: Permission[]) {
  await act(async () => {
    queryClient.setQueryData(CURRENT_USER_KEY, testUser({ permissions }));
  });
}

const rowOf = (name: string) => screen.getByRole("link", { name }).closest("tr") as HTMLElement;

describe("the company actions", () => {
  it("shows each action only to holders of its permission", async () => {
    companiesApi();
    const { queryClient } = show(["view_companies"]);
    await screen.findByRole("link", { name: "North" });
    expect(screen.queryByRole("button", { name: "New company" })).not.toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: "Actions" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^(Rename|Move|Delete) / })).toBeNull();

    await signInAs(queryClient, ["view_companies", "create_companies"]);
    expect(await screen.findByRole("button", { name: "New company" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Rename North" })).not.toBeInTheDocument();

    await signInAs(queryClient, ["view_companies", "update_companies"]);
    expect(await screen.findByRole("button", { name: "Rename North" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Move North" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Delete North" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "New company" })).not.toBeInTheDocument();

    await signInAs(queryClient, ["view_companies", "delete_companies"]);
    expect(await screen.findByRole("button", { name: "Delete North" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Rename North" })).not.toBeInTheDocument();
  });

  it("offers neither moving nor deleting the user's own company", async () => {
    companiesApi();
    show();
    await screen.findByRole("link", { name: "North" });
    const own = rowOf("Netfleet Demo");
    expect(within(own).getByRole("button", { name: "Rename Netfleet Demo" })).toBeVisible();
    expect(within(own).queryByRole("button", { name: /^(Move|Delete) / })).toBeNull();
  });

  it("FM-VALID-001 FM-VALID-002 asks for a name of at least 3 characters and sends nothing", async () => {
    const api = companiesApi();
    const { user } = show();
    await user.click(await screen.findByRole("button", { name: "New company" }));
    const dialog = await screen.findByRole("dialog", { name: "New company" });
    const name = await within(dialog).findByRole("textbox", { name: "Name" });

    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(name).toHaveAccessibleDescription("This field is required");

    await user.type(name, "  ab ");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(name).toHaveAccessibleDescription("Company name must be at least 3 characters");
    expect(api.calls("POST", "/api/companies")).toHaveLength(0);
  });

  it("FM-ENTITY-024 FM-ENTITY-051 creates a company under a level 1 or 2 company, payment options off", async () => {
    const api = companiesApi().on("POST", "/api/companies", success({ id: 9 }));
    const { user } = show();
    await user.click(await screen.findByRole("button", { name: "New company" }));
    const dialog = await screen.findByRole("dialog", { name: "New company" });

    // The user's company is level 1: the payment box is offered, and starts unticked.
    const payment = await within(dialog).findByRole("checkbox", { name: "Show payment options" });
    expect(payment).not.toBeChecked();
    const parent = within(dialog).getByRole("combobox", { name: "Parent company" });
    expect(parent).toHaveValue("Netfleet Demo");
    await user.click(parent);
    expect(await optionsOf(parent)).toEqual([
      "Netfleet Demo",
      "Netfleet Demo / North",
      "Netfleet Demo / South",
    ]);
    await user.click(screen.getByRole("option", { name: "Netfleet Demo / South", hidden: true }));

    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), " South Depot ");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));

    expect(await screen.findByText("Company created successfully")).toBeVisible();
    expect(api.calls("POST", "/api/companies")[0]?.body).toEqual({
      name: "South Depot",
      parent_id: 4,
      show_payment: false,
    });
    expect(screen.queryByRole("dialog", { name: "New company" })).not.toBeInTheDocument();
  });

  it("FM-ENTITY-051 offers no payment options to a user below the top level", async () => {
    const api = companiesApi().on("POST", "/api/companies", success({ id: 9 }));
    const { user } = show(EVERY_ACTION, {
      company: { id: 2, name: "North", level: 2, parent_id: 1, show_payment: true },
    });
    await user.click(await screen.findByRole("button", { name: "New company" }));
    const dialog = await screen.findByRole("dialog", { name: "New company" });
    await user.type(await within(dialog).findByRole("textbox", { name: "Name" }), "North Depot");
    expect(within(dialog).queryByRole("checkbox")).not.toBeInTheDocument();
    expect(within(dialog).getByRole("combobox", { name: "Parent company" })).toHaveValue(
      "Netfleet Demo / North",
    );
    await user.click(within(dialog).getByRole("button", { name: "Create" }));

    await screen.findByText("Company created successfully");
    expect(api.calls("POST", "/api/companies")[0]?.body).toEqual({
      name: "North Depot",
      parent_id: 2,
    });
  });

  it("FM-VALID-003 blocks saving an unchanged name with a toast and sends nothing", async () => {
    const api = companiesApi().on("PUT", "/api/companies/2", success({ id: 2 }));
    const { user } = show();
    await user.click(await screen.findByRole("button", { name: "Rename North" }));
    const dialog = await screen.findByRole("dialog", { name: "Rename company “North”" });
    const name = within(dialog).getByRole("textbox", { name: "Name" });
    expect(name).toHaveValue("North");

    await user.type(name, " ");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Please input different value to save changes")).toBeVisible();
    expect(api.calls("PUT", "/api/companies/2")).toHaveLength(0);
    expect(dialog).toBeVisible();

    await user.clear(name);
    await user.type(name, "North Region");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Company updated successfully")).toBeVisible();
    expect(api.calls("PUT", "/api/companies/2")[0]?.body).toEqual({ name: "North Region" });
  });

  it("FM-VALID-003 says so in the chosen language", async () => {
    companiesApi();
    const { user } = show();
    await i18n.changeLanguage("no");
    await user.click(await screen.findByRole("button", { name: "Gi nytt navn til North" }));
    const dialog = await screen.findByRole("dialog", { name: "Gi selskapet «North» nytt navn" });
    await user.click(within(dialog).getByRole("button", { name: "Lagre" }));
    expect(
      await screen.findByText("Skriv inn en annen verdi for å lagre endringene"),
    ).toBeVisible();
  });

  it("FM-CALL-026 moves a company under another, never into its own branch", async () => {
    const api = companiesApi().on("POST", "/api/companies/move", success(null));
    const { user } = show();
    await user.click(await screen.findByRole("button", { name: "Move South" }));
    const dialog = await screen.findByRole("dialog", { name: "Move company “South”" });
    const target = await within(dialog).findByRole("combobox", { name: "New parent company" });
    await user.click(target);

    // Its current parent shows but cannot be chosen; North Retail is at the last level.
    expect(await optionsOf(target)).toEqual(["Netfleet Demo", "Netfleet Demo / North"]);
    expect(screen.getByRole("option", { name: "Netfleet Demo", hidden: true })).toHaveAttribute(
      "data-combobox-disabled",
      "true",
    );
    await user.click(screen.getByRole("option", { name: "Netfleet Demo / North", hidden: true }));
    await user.click(within(dialog).getByRole("button", { name: "Move" }));

    expect(await screen.findByText("Company moved successfully")).toBeVisible();
    expect(api.calls("POST", "/api/companies/move")[0]?.body).toEqual({ source: 4, target: 2 });
  });

  it("shows the server's reason when a move is refused", async () => {
    companiesApi().on(
      "POST",
      "/api/companies/move",
      failure(422, "VALIDATION_FAILED", "The company cannot go there.", "target"),
    );
    const { user } = show();
    await user.click(await screen.findByRole("button", { name: "Move South" }));
    const dialog = await screen.findByRole("dialog", { name: "Move company “South”" });
    await user.click(await within(dialog).findByRole("combobox", { name: "New parent company" }));
    await user.click(screen.getByRole("option", { name: "Netfleet Demo / North", hidden: true }));
    await user.click(within(dialog).getByRole("button", { name: "Move" }));

    expect(
      await within(dialog).findByRole("combobox", { name: "New parent company" }),
    ).toHaveAccessibleDescription(/The company cannot go there\./);
  });

  it("says what a company still has when the server refuses to delete it", async () => {
    const api = companiesApi().on("DELETE", "/api/companies/2", {
      status: 409,
      body: {
        success: false,
        errors: [
          {
            code: "CONFLICT",
            message: "This company still has 7 devices and 2 users. Move or delete them first.",
            source: null,
          },
        ],
        meta: { devices_count: 7, users_count: 2, subsidiaries_count: 0 },
      },
    });
    const { user } = show();
    await user.click(await screen.findByRole("button", { name: "Delete North" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete company “North”?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(
      await screen.findByText(
        "This company still has devices: 7, users: 2, subsidiaries: 0. Move or delete them first.",
      ),
    ).toBeVisible();
    expect(api.calls("DELETE", "/api/companies/2")).toHaveLength(1);
    expect(screen.queryByText("Company deleted successfully")).not.toBeInTheDocument();
  });

  it("shows the server's own reason for another refusal", async () => {
    companiesApi().on(
      "DELETE",
      "/api/companies/2",
      failure(409, "CONFLICT", "The company is locked by an export."),
    );
    const { user } = show();
    await user.click(await screen.findByRole("button", { name: "Delete North" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete company “North”?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("The company is locked by an export.")).toBeVisible();
  });

  it("deletes a company once the password is confirmed", async () => {
    let confirmed = false;
    const signedIn = testUser({ permissions: EVERY_ACTION });
    const api = companiesApi()
      .on("GET", "/api/user", success(signedIn, signedIn))
      .on("DELETE", "/api/companies/4", () =>
        confirmed
          ? success(null)
          : failure(423, "PASSWORD_CONFIRMATION_REQUIRED", "Confirm your password to continue."),
      )
      .on("POST", "/api/password-confirmation", () => {
        confirmed = true;
        return success(null);
      });
    onTestFinished(clearScreen);
    const { user } = renderApp("/companies", { confirmations: true });
    // The console's layout and the page are lazy chunks, slow to load the first time.
    await user.click(await screen.findByRole("button", { name: "Delete South" }, LOADED));
    const dialog = await screen.findByRole("dialog", { name: "Delete company “South”?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    await screen.findByRole("dialog", { name: "Confirm your password" }, LOADED);
    await user.type(await screen.findByLabelText(/^Password/), "s3cret{Enter}");

    expect(await screen.findByText("Company deleted successfully")).toBeVisible();
    expect(api.calls("DELETE", "/api/companies/4")).toHaveLength(2);
    expect(api.calls("POST", "/api/password-confirmation")[0]?.body).toEqual({
      password: "s3cret",
    });
  });
});
