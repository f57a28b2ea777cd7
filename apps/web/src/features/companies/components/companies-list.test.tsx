import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { CompanyListItem } from "@netfleet/contracts/schemas/companies";
import { i18n } from "../../../lib/i18n";
import { CURRENT_USER_KEY } from "../../../lib/viewer";
import { deferred, failure, fakeApi, success, type FakeRequest } from "../../../test/fake-api";
import { renderApp, renderPage } from "../../../test/render";
import { testUser } from "../../../test/users";
import { CompaniesList } from "./companies-list";

function company(id: number, overrides: Partial<CompanyListItem> = {}): CompanyListItem {
  return {
    id,
    name: `Company ${id}`,
    parent_id: 1,
    parent_name: "Netfleet Demo",
    level: 2,
    devices_count: id * 3,
    users_count: id,
    subsidiaries_count: 0,
    credits_left: 0,
    remaining_data: 0,
    created_at: new Date(2025, 0, 2, 3, 4, 5).toISOString(),
    ...overrides,
  };
}

/** The server's list answer: `total` companies, sliced by the request's limit and offset. */
function page(request: FakeRequest, total: number) {
  const limit = Number(request.query.get("limit"));
  const offset = Number(request.query.get("offset"));
  const ids = Array.from(
    { length: Math.max(0, Math.min(limit, total - offset)) },
    (_, i) => offset + i + 1,
  );
  return {
    status: 200,
    body: { success: true, data: ids.map((id) => company(id)), meta: { total } },
  };
}

const URL = "/companies";
const rowOf = (text: string) => screen.getByText(text).closest("tr") as HTMLElement;

describe("CompaniesList", () => {
  it("shows a loading table, then the companies with their parent, counts and dates", async () => {
    const release = deferred();
    const api = fakeApi().on("GET", "/api/companies", async (request) => {
      await release.promise;
      return page(request, 30);
    });
    renderPage(<CompaniesList />, { url: URL });

    const table = await screen.findByRole("table", { name: "Companies" });
    expect(table).toHaveAttribute("aria-busy", "true");
    release.resolve();

    await screen.findByText("Company 2");
    const row = rowOf("Company 2");
    for (const text of ["#2", "Netfleet Demo", "6", "2025-01-02 03:04:05"]) {
      expect(within(row).getByText(text)).toBeVisible();
    }
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["ID", "Name", "Parent", "Level", "Devices", "Users", "Created at"]);
    expect(screen.getByText("1–25 of 30")).toBeVisible();
    expect(api.calls("GET", "/api/companies")[0]?.search).toBe("?limit=25&offset=0");
  });

  it("shows a dash for a top-level company's parent", async () => {
    fakeApi().on("GET", "/api/companies", {
      status: 200,
      body: {
        success: true,
        data: [company(1, { name: "Root Co", parent_id: 0, parent_name: undefined, level: 1 })],
        meta: { total: 1 },
      },
    });
    renderPage(<CompaniesList />, { url: URL });

    await screen.findByText("Root Co");
    expect(within(rowOf("Root Co")).getByText("—")).toBeVisible();
  });

  it("links a company's name to its page when the user may open it", async () => {
    fakeApi().on("GET", "/api/companies", (request) => page(request, 2));
    const { queryClient } = renderPage(<CompaniesList />, { url: URL });
    expect(await screen.findByText("Company 1")).toBeVisible();
    expect(screen.queryByRole("link", { name: "Company 1" })).toBeNull();

    queryClient.setQueryData(
      CURRENT_USER_KEY,
      testUser({ permissions: ["view_companies", "view_devices"] }),
    );

    expect(await screen.findByRole("link", { name: "Company 1" })).toHaveAttribute(
      "href",
      "/companies/1",
    );
  });

  it("SH-SEARCH-017 sends the search of the URL to the server as q", async () => {
    const api = fakeApi().on("GET", "/api/companies", (request) => page(request, 1));
    renderPage(<CompaniesList />, { url: `${URL}?q=North` });

    await screen.findByText("Company 1");
    expect(api.calls("GET", "/api/companies")[0]?.query.get("q")).toBe("North");
    expect(screen.getByRole("searchbox", { name: "Search companies" })).toHaveValue("North");
  });

  it("sorts on the server when a column header is clicked", async () => {
    const api = fakeApi().on("GET", "/api/companies", (request) => page(request, 3));
    const { user } = renderPage(<CompaniesList />, { url: URL });
    await screen.findByText("Company 1");
    const lastSort = () => api.calls("GET", "/api/companies").at(-1)?.query.get("sort");

    await user.click(screen.getByRole("button", { name: "Name" }));
    await expect.poll(lastSort).toBe("name");
    expect(screen.getByRole("columnheader", { name: "Name" })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );

    await user.click(screen.getByRole("button", { name: "Devices" }));
    await expect.poll(lastSort).toBe("-device_count");

    await user.click(screen.getByRole("button", { name: "Parent" }));
    await expect.poll(lastSort).toBe("parent_id");
  });

  it("searches once the user stops typing and says when nothing matches", async () => {
    const api = fakeApi().on("GET", "/api/companies", (request) =>
      page(request, request.query.get("q") ? 0 : 3),
    );
    const { user } = renderPage(<CompaniesList />, { url: URL });
    await screen.findByText("Company 1");

    await user.type(screen.getByRole("searchbox", { name: "Search companies" }), "zzz");

    expect(
      await screen.findByText("No companies match “zzz”", {}, { timeout: 2000 }),
    ).toBeVisible();
    const searches = api.calls("GET", "/api/companies").filter((r) => r.query.has("q"));
    expect(searches.map((r) => r.query.get("q"))).toEqual(["zzz"]);

    await user.click(screen.getByRole("button", { name: "Clear search" }));
    expect(await screen.findByText("Company 1")).toBeVisible();
  });

  it("says so when there are no companies at all", async () => {
    fakeApi().on("GET", "/api/companies", (request) => page(request, 0));
    renderPage(<CompaniesList />, { url: URL });

    expect(await screen.findByText("No companies yet")).toBeVisible();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    fakeApi().on(
      "GET",
      "/api/companies",
      failure(403, "FORBIDDEN", "You do not have permission to do this."),
    );
    renderPage(<CompaniesList />, { url: URL });

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load companies");
    expect(alert).toHaveTextContent("You do not have permission to do this.");
  });

  it("speaks the chosen language", async () => {
    await i18n.changeLanguage("uk");
    fakeApi().on("GET", "/api/companies", (request) => page(request, 3));
    renderPage(<CompaniesList />, { url: URL });

    const table = await screen.findByRole("table", { name: "Компанії" });
    expect(await within(table).findByText("Company 1")).toBeVisible();
    expect(screen.getByRole("searchbox", { name: "Пошук компаній" })).toBeVisible();
    expect(within(table).getByRole("button", { name: "Батьківська компанія" })).toBeVisible();
  });

  it("is the page of /companies, under its title and with the search of the URL", async () => {
    const user = testUser({ permissions: ["view_devices", "view_companies"] });
    const api = fakeApi()
      .on("GET", "/api/user", success(user, user))
      .on("GET", "/api/companies", (request) => page(request, 1));
    renderApp("/companies?q=North");

    // The console's layout and the page are lazy chunks, slow to load the first time.
    expect(
      await screen.findByRole("heading", { level: 1, name: "Companies" }, { timeout: 5000 }),
    ).toBeVisible();
    expect(await screen.findByRole("link", { name: "Company 1" })).toBeVisible();
    expect(api.calls("GET", "/api/companies")[0]?.query.get("q")).toBe("North");
    expect(screen.getByRole("link", { name: "Tree view" })).toHaveAttribute(
      "href",
      "/companies/tree",
    );
  });
});
