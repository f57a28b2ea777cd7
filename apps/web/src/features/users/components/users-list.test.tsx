import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { UserListItem } from "@netfleet/contracts/schemas/users";
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

const URL = "/users";
const rowOf = (text: string) => screen.getByText(text).closest("tr") as HTMLElement;

describe("UsersList", () => {
  it("shows a loading table, then the users with name, company, role and dates", async () => {
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
      "2025-06-06 07:08:09",
      "2025-01-02 03:04:05",
    ]) {
      expect(within(row).getByText(text)).toBeVisible();
    }
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["E-mail", "Name", "Company", "Role", "Last login", "Created at"]);
    expect(screen.getByText("1–25 of 40")).toBeVisible();
    expect(api.calls("GET", "/api/users")[0]?.search).toBe("?limit=25&offset=0");
  });

  it("shows a dash for a user without a name and Never for one who never signed in", async () => {
    fakeApi().on("GET", "/api/users", (request) =>
      page(request, 1, { first_name: null, last_name: "", last_login_at: null }),
    );
    renderPage(<UsersList />, { url: URL });

    await screen.findByText("user1@example.com");
    const row = rowOf("user1@example.com");
    expect(within(row).getByText("—")).toBeVisible();
    expect(within(row).getByText("Never")).toBeVisible();
  });

  it("SH-SEARCH-017 sends the search of the URL to the server as q", async () => {
    const api = fakeApi().on("GET", "/api/users", (request) => page(request, 1));
    renderPage(<UsersList />, { url: `${URL}?q=hopper` });

    await screen.findByText("user1@example.com");
    expect(api.calls("GET", "/api/users")[0]?.query.get("q")).toBe("hopper");
    expect(screen.getByRole("searchbox", { name: "Search users" })).toHaveValue("hopper");
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
    // Name and role are not orders the server keeps.
    expect(screen.queryByRole("button", { name: "Role" })).toBeNull();
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

  it("is the page of /users, under its title and with the search of the URL", async () => {
    const signedIn = testUser({ permissions: ["view_devices", "view_users"] });
    const api = fakeApi()
      .on("GET", "/api/user", success(signedIn, signedIn))
      .on("GET", "/api/users", (request) => page(request, 1));
    renderApp("/users?q=hopper");

    // The console's layout and the page are lazy chunks, slow to load the first time.
    expect(
      await screen.findByRole("heading", { level: 1, name: "Users" }, { timeout: 5000 }),
    ).toBeVisible();
    expect(await screen.findByText("user1@example.com")).toBeVisible();
    expect(api.calls("GET", "/api/users")[0]?.query.get("q")).toBe("hopper");
  });
});
