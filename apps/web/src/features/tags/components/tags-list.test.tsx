import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { TagListItem } from "@netfleet/contracts/schemas/tags";
import { i18n } from "../../../lib/i18n";
import { deferred, failure, fakeApi, success, type FakeRequest } from "../../../test/fake-api";
import { renderApp, renderPage } from "../../../test/render";
import { testUser } from "../../../test/users";
import { TagsList } from "./tags-list";

function tag(id: number, overrides: Partial<TagListItem> = {}): TagListItem {
  return {
    id,
    name: `Tag ${id}`,
    description: `Routers of site ${id}`,
    color: "#4263eb",
    company_id: 1,
    company_name: "Acme Networks",
    devices_count: id * 2,
    actions: [],
    created_at: new Date(2025, 0, 2, 3, 4, 5).toISOString(),
    ...overrides,
  };
}

/** The server's list answer: `total` tags, sliced by the request's limit and offset. */
function page(request: FakeRequest, total: number, overrides: Partial<TagListItem> = {}) {
  const limit = Number(request.query.get("limit"));
  const offset = Number(request.query.get("offset"));
  const ids = Array.from(
    { length: Math.max(0, Math.min(limit, total - offset)) },
    (_, i) => offset + i + 1,
  );
  return {
    status: 200,
    body: { success: true, data: ids.map((id) => tag(id, overrides)), meta: { total } },
  };
}

const URL = "/tags";
const rowOf = (text: string) => screen.getByText(text).closest("tr") as HTMLElement;

describe("TagsList", () => {
  it("shows a loading table, then the tags with colour, description, company and counts", async () => {
    const release = deferred();
    const api = fakeApi().on("GET", "/api/tags", async (request) => {
      await release.promise;
      return page(request, 27);
    });
    renderPage(<TagsList />, { url: URL });

    const table = await screen.findByRole("table", { name: "Tags" });
    expect(table).toHaveAttribute("aria-busy", "true");
    release.resolve();

    await screen.findByText("Tag 3");
    const row = rowOf("Tag 3");
    for (const text of ["Routers of site 3", "Acme Networks", "6", "2025-01-02 03:04:05"]) {
      expect(within(row).getByText(text)).toBeVisible();
    }
    expect(row.querySelector(".mantine-ColorSwatch-colorOverlay")).toHaveStyle({
      backgroundColor: "#4263eb",
    });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Name", "Description", "Company", "Devices", "Created at"]);
    expect(screen.getByText("1–25 of 27")).toBeVisible();
    expect(api.calls("GET", "/api/tags")[0]?.search).toBe("?limit=25&offset=0");
  });

  it("shows a dash for a tag without a description", async () => {
    fakeApi().on("GET", "/api/tags", (request) =>
      page(request, 1, { description: undefined, color: undefined }),
    );
    renderPage(<TagsList />, { url: URL });

    await screen.findByText("Tag 1");
    expect(within(rowOf("Tag 1")).getByText("—")).toBeVisible();
  });

  it("SH-SEARCH-017 sends the search of the URL to the server as q", async () => {
    const api = fakeApi().on("GET", "/api/tags", (request) => page(request, 1));
    renderPage(<TagsList />, { url: `${URL}?q=core` });

    await screen.findByText("Tag 1");
    expect(api.calls("GET", "/api/tags")[0]?.query.get("q")).toBe("core");
    expect(screen.getByRole("searchbox", { name: "Search tags" })).toHaveValue("core");
  });

  it("sorts on the server when a column header is clicked", async () => {
    const api = fakeApi().on("GET", "/api/tags", (request) => page(request, 3));
    const { user } = renderPage(<TagsList />, { url: URL });
    await screen.findByText("Tag 1");
    const lastSort = () => api.calls("GET", "/api/tags").at(-1)?.query.get("sort");

    await user.click(screen.getByRole("button", { name: "Name" }));
    await expect.poll(lastSort).toBe("name");
    expect(screen.getByRole("columnheader", { name: "Name" })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );

    await user.click(screen.getByRole("button", { name: "Devices" }));
    await expect.poll(lastSort).toBe("-device_count");

    await user.click(screen.getByRole("button", { name: "Created at" }));
    await expect.poll(lastSort).toBe("-created_at");
  });

  it("searches once the user stops typing and says when nothing matches", async () => {
    const api = fakeApi().on("GET", "/api/tags", (request) =>
      page(request, request.query.get("q") ? 0 : 3),
    );
    const { user } = renderPage(<TagsList />, { url: URL });
    await screen.findByText("Tag 1");

    await user.type(screen.getByRole("searchbox", { name: "Search tags" }), "zzz");

    expect(await screen.findByText("No tags match “zzz”", {}, { timeout: 2000 })).toBeVisible();
    const searches = api.calls("GET", "/api/tags").filter((r) => r.query.has("q"));
    expect(searches.map((r) => r.query.get("q"))).toEqual(["zzz"]);
  });

  it("says so when there are no tags at all", async () => {
    fakeApi().on("GET", "/api/tags", (request) => page(request, 0));
    renderPage(<TagsList />, { url: URL });

    expect(await screen.findByText("No tags yet")).toBeVisible();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    fakeApi().on(
      "GET",
      "/api/tags",
      failure(403, "FORBIDDEN", "You do not have permission to do this."),
    );
    renderPage(<TagsList />, { url: URL });

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load tags");
    expect(alert).toHaveTextContent("You do not have permission to do this.");
  });

  it("speaks the chosen language", async () => {
    await i18n.changeLanguage("no");
    fakeApi().on("GET", "/api/tags", (request) => page(request, 1));
    renderPage(<TagsList />, { url: URL });

    const table = await screen.findByRole("table", { name: "Tagger" });
    expect(await within(table).findByText("Tag 1")).toBeVisible();
    expect(screen.getByRole("searchbox", { name: "Søk i tagger" })).toBeVisible();
    expect(within(table).getByRole("columnheader", { name: "Beskrivelse" })).toBeVisible();
  });

  it("is the page of /tags, under its title", async () => {
    const signedIn = testUser({ permissions: ["view_devices", "view_tags"] });
    fakeApi()
      .on("GET", "/api/user", success(signedIn, signedIn))
      .on("GET", "/api/tags", (request) => page(request, 1));
    renderApp("/tags");

    // The console's layout and the page are lazy chunks, slow to load the first time.
    expect(
      await screen.findByRole("heading", { level: 1, name: "Tags" }, { timeout: 5000 }),
    ).toBeVisible();
    expect(await screen.findByText("Tag 1")).toBeVisible();
  });
});
