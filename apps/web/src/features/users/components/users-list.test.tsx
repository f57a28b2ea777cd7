import { afterEach, describe, expect, it } from "vitest";
import { act, screen, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import type { User, UserListItem } from "@netfleet/contracts/schemas/users";
import { closeAllDialogs } from "../../../components/ui/dialog/dialog-store";
import { i18n } from "../../../lib/i18n";
import { deferred, failure, fakeApi, success, type FakeRequest } from "../../../test/fake-api";
import { renderApp, renderPage } from "../../../test/render";
import { testUser } from "../../../test/users";
import { UsersList } from "./users-list";

function person(id: number, overrides: Partial<UserListItem> = {}): UserListItem {
  return {
    id,
    email: `user${id}@example.com`,
    username: `user${id}`,
    first_name: "Grace",
    last_name: `Hopper ${id}`,
    company_id: 1,
    company_name: "Acme Networks",
    role: 3,
    role_name: "end_user",
    role_title: "End Client",
    mfa_type: null,
    last_login_at: new Date(2025, 5, 6, 7, 8, 9).toISOString(),
    created_at: new Date(2025, 0, 2, 3, 4, 5).toISOString(),
    ...overrides,
  };
}

/** The server's list answer: `total` users, sliced by the request's limit and offset. */
function page(request: FakeRequest, total: number, overrides: Partial<UserListItem> = {}) {
  const limit = Number(request.query.get("limit"));
  const offset = Number(request.query.get("offset"));
  const ids = Array.from(
    { length: Math.max(0, Math.min(limit, total - offset)) },
    (_, i) => offset + i + 1,
  );
  return {
    status: 200,
    body: { success: true, data: ids.map((id) => person(id, overrides)), meta: { total } },
  };
}

/** `GET /api/users/{id}` for a user of the list. */
function detail(id: number, overrides: Partial<User> = {}): User {
  const { role, role_title, ...rest } = person(id);
  return {
    ...rest,
    role_id: role,
    role: role_title,
    company_level: 1,
    company_parent_id: 0,
    ...overrides,
  };
}

/** The console at `url`, signed in as a user holding `permissions`. */
function signedIn(permissions: string[]) {
  const me = testUser({ permissions: ["view_devices", "view_users", ...permissions] });
  return fakeApi().on("GET", "/api/user", success(me, me));
}

async function openConsole(url = "/users") {
  const rendered = renderApp(url);
  // The console's layout and the page are lazy chunks, slow to load the first time.
  await screen.findByRole("heading", { level: 1, name: "Users" }, { timeout: 5000 });
  await screen.findByText("user1@example.com");
  return rendered;
}

/** Dialogs and menus draw from lazy chunks that are slow to load the first time. */
const SLOW = { timeout: 5000 };

const URL = "/users";
const rowOf = (text: string) => screen.getByText(text).closest("tr") as HTMLElement;

afterEach(() => {
  act(() => {
    closeAllDialogs();
    notifications.clean();
  });
});

describe("UsersList", () => {
  it("shows a loading table, then the users with company, role, two-factor state and dates", async () => {
    const release = deferred();
    const api = fakeApi().on("GET", "/api/users", async (request) => {
      await release.promise;
      return page(request, 40);
    });
    renderPage(<UsersList />, { url: URL });

    const table = await screen.findByRole("table", { name: "Users" });
    expect(table).toHaveAttribute("aria-busy", "true");
    release.resolve();

    await screen.findByText("user1@example.com");
    const row = rowOf("user1@example.com");
    for (const text of [
      "Grace Hopper 1",
      "Acme Networks",
      "End Client",
      "Off",
      "2025-06-06 07:08:09",
      "2025-01-02 03:04:05",
    ]) {
      expect(within(row).getByText(text)).toBeVisible();
    }
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["E-mail", "Company", "Role", "Two-factor", "Last login", "Created at"]);
    expect(screen.getByText("1–25 of 40")).toBeVisible();
    expect(api.calls("GET", "/api/users")[0]?.search).toBe("?limit=25&offset=0");
  });

  it("names the second factor of users who have one", async () => {
    fakeApi().on("GET", "/api/users", (request) => page(request, 1, { mfa_type: "totp" }));
    renderPage(<UsersList />, { url: URL });

    await screen.findByText("user1@example.com");
    expect(within(rowOf("user1@example.com")).getByText("Authenticator app")).toBeVisible();
  });

  it("FM-ENTITY-039 cuts a long role title to 45 characters and keeps it whole on hover", async () => {
    const title = "Regional network operations supervisor for the northern stores";
    fakeApi().on("GET", "/api/users", (request) => page(request, 1, { role_title: title }));
    renderPage(<UsersList />, { url: URL });

    await screen.findByText("user1@example.com");
    const role = within(rowOf("user1@example.com")).getByTitle(title);
    expect(role.textContent).toHaveLength(45);
    expect(role).toHaveTextContent(/^Regional network operations supervisor for t…$/);
  });

  it("shows no name for a user without one and Never for one who never signed in", async () => {
    fakeApi().on("GET", "/api/users", (request) =>
      page(request, 1, { first_name: null, last_name: "", last_login_at: null }),
    );
    renderPage(<UsersList />, { url: URL });

    await screen.findByText("user1@example.com");
    const row = rowOf("user1@example.com");
    expect(within(row).queryByText(/Hopper/)).toBeNull();
    expect(within(row).getByText("Never")).toBeVisible();
  });

  it("SH-SEARCH-017 sends the search of the URL to the server as q", async () => {
    const api = fakeApi().on("GET", "/api/users", (request) => page(request, 1));
    renderPage(<UsersList />, { url: `${URL}?q=hopper` });

    await screen.findByText("user1@example.com");
    expect(api.calls("GET", "/api/users")[0]?.query.get("q")).toBe("hopper");
    expect(screen.getByRole("searchbox", { name: "Search users" })).toHaveValue("hopper");
  });

  it("keeps to one company when given one", async () => {
    const api = fakeApi().on("GET", "/api/users", (request) => page(request, 1));
    renderPage(<UsersList companyId={12} />, { url: URL });

    await screen.findByText("user1@example.com");
    expect(api.calls("GET", "/api/users")[0]?.query.get("company_id")).toBe("12");
  });

  it("sorts on the server when a column header is clicked", async () => {
    const api = fakeApi().on("GET", "/api/users", (request) => page(request, 3));
    const { user } = renderPage(<UsersList />, { url: URL });
    await screen.findByText("user1@example.com");
    const lastSort = () => api.calls("GET", "/api/users").at(-1)?.query.get("sort");

    await user.click(screen.getByRole("button", { name: "E-mail" }));
    await expect.poll(lastSort).toBe("email");
    await user.click(screen.getByRole("button", { name: "E-mail" }));
    await expect.poll(lastSort).toBe("-email");
    expect(screen.getByRole("columnheader", { name: "E-mail" })).toHaveAttribute(
      "aria-sort",
      "descending",
    );

    await user.click(screen.getByRole("button", { name: "Last login" }));
    await expect.poll(lastSort).toBe("-last_login_at");
    await user.click(screen.getByRole("button", { name: "Role" }));
    await expect.poll(lastSort).toBe("role");
    // A two-factor method is not an order the server keeps.
    expect(screen.queryByRole("button", { name: "Two-factor" })).toBeNull();
  });

  it("searches once the user stops typing and says when nothing matches", async () => {
    const api = fakeApi().on("GET", "/api/users", (request) =>
      page(request, request.query.get("q") ? 0 : 3),
    );
    const { user } = renderPage(<UsersList />, { url: URL });
    await screen.findByText("user1@example.com");

    await user.type(screen.getByRole("searchbox", { name: "Search users" }), "zzz");

    expect(await screen.findByText("No users match “zzz”", {}, { timeout: 2000 })).toBeVisible();
    const searches = api.calls("GET", "/api/users").filter((r) => r.query.has("q"));
    expect(searches.map((r) => r.query.get("q"))).toEqual(["zzz"]);
  });

  it("says so when there are no users at all", async () => {
    fakeApi().on("GET", "/api/users", (request) => page(request, 0));
    renderPage(<UsersList />, { url: URL });

    expect(await screen.findByText("No users yet")).toBeVisible();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    fakeApi().on("GET", "/api/users", failure(500, "SERVER_ERROR", "Something went wrong."));
    renderPage(<UsersList />, { url: URL });

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load users");
    expect(alert).toHaveTextContent("Something went wrong.");
  });

  it("speaks the chosen language", async () => {
    await i18n.changeLanguage("ja");
    fakeApi().on("GET", "/api/users", (request) =>
      page(request, 1, { last_login_at: null, first_name: null, last_name: null }),
    );
    renderPage(<UsersList />, { url: URL });

    const table = await screen.findByRole("table", { name: "ユーザー" });
    expect(await within(table).findByText("なし")).toBeVisible();
    expect(screen.getByRole("searchbox", { name: "ユーザーを検索" })).toBeVisible();
    expect(within(table).getByRole("button", { name: "最終ログイン" })).toBeVisible();
  });
});

describe("the users page", () => {
  it("is the page of /users, under its title and with the search of the URL", async () => {
    const api = signedIn([]).on("GET", "/api/users", (request) => page(request, 1));
    await openConsole("/users?q=hopper");

    expect(api.calls("GET", "/api/users")[0]?.query.get("q")).toBe("hopper");
  });

  it("offers no actions to a user who may only look", async () => {
    signedIn([]).on("GET", "/api/users", (request) => page(request, 2));
    await openConsole();

    expect(screen.queryByRole("columnheader", { name: "Actions" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Actions for/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Administration" })).toBeNull();
  });

  it("offers each action only with its permission, and none on the user's own row", async () => {
    // The signed-in user is id 7; the list holds users 1 to 7.
    signedIn(["delete_users"]).on("GET", "/api/users", (request) => page(request, 7));
    const { user } = await openConsole();

    expect(screen.queryByRole("button", { name: "Actions for user7@example.com" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Actions for user1@example.com" }));
    const menu = await screen.findByRole("menu", {}, SLOW);
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Delete"]);
  });

  it("opens a user from the row, with their details", async () => {
    const api = signedIn([])
      .on("GET", "/api/users", (request) => page(request, 2))
      .on("GET", "/api/users/2", success(detail(2, { mfa_type: "email", last_login_at: null })));
    const { user } = await openConsole();

    await user.click(screen.getByRole("button", { name: "user2@example.com" }));

    const dialog = await screen.findByRole("dialog", { name: "user2@example.com" }, SLOW);
    expect(await within(dialog).findByText("Grace Hopper 2")).toBeVisible();
    for (const text of ["user2", "Acme Networks", "End Client", "E-mail code", "Never"]) {
      expect(within(dialog).getByText(text)).toBeVisible();
    }
    expect(within(dialog).queryByRole("button", { name: "Change role" })).toBeNull();
    expect(api.calls("GET", "/api/users/2")).toHaveLength(1);
  });

  it("opens the user's role with what it grants, for those who may view roles", async () => {
    signedIn(["view_roles"])
      .on("GET", "/api/users", (request) => page(request, 1))
      .on("GET", "/api/users/1", success(detail(1)))
      .on(
        "GET",
        "/api/roles/3",
        success({
          id: 3,
          name: "end_user",
          title: "End Client",
          description: "",
          company_id: null,
          company_name: null,
          permissions_count: 1,
          canInviteRoles: [],
          isDefault: true,
          users_count: 4,
          created_at: "2026-01-01T00:00:00.000Z",
          updated_at: "2026-01-01T00:00:00.000Z",
          permissions: ["view_devices"],
        }),
      );
    const { user } = await openConsole();
    await user.click(screen.getByRole("button", { name: "user1@example.com" }));
    const dialog = await screen.findByRole("dialog", { name: "user1@example.com" }, SLOW);

    await user.click(await within(dialog).findByRole("button", { name: "End Client" }));

    const role = await screen.findByRole("dialog", { name: "End Client" }, SLOW);
    const table = await within(role).findByRole("table", { name: "Role permissions" }, SLOW);
    expect(within(table).getByText("View devices")).toBeVisible();
  });

  it("says so in the user's dialog when the user cannot be loaded", async () => {
    signedIn([])
      .on("GET", "/api/users", (request) => page(request, 1))
      .on("GET", "/api/users/1", failure(404, "NOT_FOUND", "No such user."));
    const { user } = await openConsole();

    await user.click(screen.getByRole("button", { name: "user1@example.com" }));

    const dialog = await screen.findByRole("dialog", { name: "user1@example.com" }, SLOW);
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("Could not load this user");
    expect(alert).toHaveTextContent("No such user.");
  });

  it("changes a role, offering only the roles the server says the editor may grant", async () => {
    const api = signedIn(["update_users"])
      .on("GET", "/api/users", (request) => page(request, 1, { company_id: 4 }))
      .on(
        "GET",
        "/api/roles",
        success(
          [
            { id: 3, name: "end_user", title: "End Client" },
            { id: 40, name: "field_tech", title: "Field technician" },
          ],
          { meta: { total: 2 } },
        ),
      )
      .on("PUT", "/api/users/1", success({ id: 1 }));
    const { user } = await openConsole();

    await user.click(screen.getByRole("button", { name: "Actions for user1@example.com" }));
    await user.click(await screen.findByRole("menuitem", { name: "Change role" }, SLOW));
    const dialog = await screen.findByRole(
      "dialog",
      { name: "Change the role of user1@example.com" },
      SLOW,
    );
    await user.click(within(dialog).getByRole("textbox", { name: "Role" }));

    const offered = await screen.findByRole("option", { name: "Field technician" });
    const listbox = offered.closest<HTMLElement>("[role=listbox]")!;
    expect(
      within(listbox)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["End Client", "Field technician"]);
    const query = api.calls("GET", "/api/roles")[0]?.query;
    expect(query?.get("grantable")).toBe("true");
    expect(query?.get("company_id")).toBe("4");

    await user.click(screen.getByRole("option", { name: "Field technician" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("User updated successfully")).toBeVisible();
    expect(api.calls("PUT", "/api/users/1")[0]?.body).toEqual({ role: 40 });
  });

  it("shows the server's refusal of a role under the field", async () => {
    signedIn(["update_users"])
      .on("GET", "/api/users", (request) => page(request, 1))
      .on(
        "PUT",
        "/api/users/1",
        failure(422, "VALIDATION_FAILED", "You cannot give this role.", "role"),
      );
    const { user } = await openConsole();

    await user.click(screen.getByRole("button", { name: "Actions for user1@example.com" }));
    await user.click(await screen.findByRole("menuitem", { name: "Change role" }, SLOW));
    const dialog = await screen.findByRole(
      "dialog",
      { name: "Change the role of user1@example.com" },
      SLOW,
    );
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await within(dialog).findByText("You cannot give this role.")).toBeVisible();
  });

  it("moves a user to another company of the tree", async () => {
    const api = signedIn(["update_users"])
      .on("GET", "/api/users", (request) => page(request, 1))
      .on(
        "GET",
        "/api/companies",
        success(
          [
            { id: 1, name: "Acme Networks" },
            { id: 5, name: "Acme Retail" },
          ],
          { meta: { total: 2 } },
        ),
      )
      .on("POST", "/api/users/move", success(null, { message: "User moved" }));
    const { user } = await openConsole();

    await user.click(screen.getByRole("button", { name: "Actions for user1@example.com" }));
    await user.click(
      await screen.findByRole("menuitem", { name: "Move to another company" }, SLOW),
    );
    const dialog = await screen.findByRole("dialog", { name: "Move user1@example.com" }, SLOW);
    await user.click(within(dialog).getByRole("textbox", { name: "Move to company" }));
    await user.click(await screen.findByRole("option", { name: "Acme Networks" }));
    await user.click(within(dialog).getByRole("button", { name: "Move" }));
    // Its own company is no move at all.
    expect(
      within(dialog).getByRole("textbox", { name: "Move to company" }),
    ).toHaveAccessibleDescription(/The user is already in this company/);
    expect(api.calls("POST", "/api/users/move")).toHaveLength(0);

    await user.click(within(dialog).getByRole("textbox", { name: "Move to company" }));
    await user.click(await screen.findByRole("option", { name: "Acme Retail" }));
    await user.click(within(dialog).getByRole("button", { name: "Move" }));

    expect(await screen.findByText("User moved")).toBeVisible();
    expect(api.calls("POST", "/api/users/move")[0]?.body).toEqual({ user_ids: [1], company_id: 5 });
  });

  it("says why the server refused a move", async () => {
    signedIn(["update_users"])
      .on("GET", "/api/users", (request) => page(request, 1))
      .on(
        "GET",
        "/api/companies",
        success([{ id: 5, name: "Acme Retail" }], { meta: { total: 1 } }),
      )
      .on(
        "POST",
        "/api/users/move",
        failure(
          422,
          "VALIDATION_FAILED",
          "The user's role belongs to another company: give the user a role of the new company first.",
          "user_ids",
        ),
      );
    const { user } = await openConsole();

    await user.click(screen.getByRole("button", { name: "Actions for user1@example.com" }));
    await user.click(
      await screen.findByRole("menuitem", { name: "Move to another company" }, SLOW),
    );
    const dialog = await screen.findByRole("dialog", { name: "Move user1@example.com" }, SLOW);
    await user.click(within(dialog).getByRole("textbox", { name: "Move to company" }));
    await user.click(await screen.findByRole("option", { name: "Acme Retail" }));
    await user.click(within(dialog).getByRole("button", { name: "Move" }));

    expect(
      await screen.findByText(
        "The user's role belongs to another company: give the user a role of the new company first.",
      ),
    ).toBeVisible();
    expect(screen.getByRole("dialog", { name: "Move user1@example.com" })).toBeVisible();
  });

  it("deletes a user only after confirmation", async () => {
    let deleted = false;
    const api = signedIn(["delete_users"])
      .on("GET", "/api/users", (request) => page(request, deleted ? 1 : 2))
      .on("DELETE", "/api/users/2", () => {
        deleted = true;
        return success(null);
      });
    const { user } = await openConsole();

    await user.click(screen.getByRole("button", { name: "Actions for user2@example.com" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete" }, SLOW));
    let prompt = await screen.findByRole("dialog", { name: "Delete user2@example.com?" }, SLOW);
    await user.click(within(prompt).getByRole("button", { name: "Cancel" }));
    expect(api.calls("DELETE", "/api/users/2")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Actions for user2@example.com" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete" }, SLOW));
    prompt = await screen.findByRole("dialog", { name: "Delete user2@example.com?" }, SLOW);
    await user.click(within(prompt).getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("User deleted successfully")).toBeVisible();
    expect(api.calls("DELETE", "/api/users/2")).toHaveLength(1);
    await expect.poll(() => screen.queryByText("user2@example.com")).toBeNull();
  });
});
