import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import type { Permission } from "@netfleet/contracts/permissions";
import { i18n } from "../../../lib/i18n";
import { failure, fakeApi, success, type FakeRequest } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { testUser } from "../../../test/users";
import { GlobalSearch } from "./global-search";

const EVERY_CATEGORY: Permission[] = [
  "view_devices",
  "view_companies",
  "view_device_remote_access",
  "view_vpn_hubs",
  "view_tags",
  "view_users",
  "view_files",
];
const SEARCH_PATHS = [
  "/api/devices",
  "/api/companies",
  "/api/devices/remote-access",
  "/api/vpn/hubs",
  "/api/tags",
  "/api/users",
  "/api/files",
];
/** Long enough for the 500 ms pause and the answers. */
const SETTLED = { timeout: 3000 };

function list(items: unknown[], total = items.length) {
  return success(items, { meta: { total } });
}

function emptyLists(api: ReturnType<typeof fakeApi>) {
  for (const path of SEARCH_PATHS) api.on("GET", path, list([]));
  return api;
}

function searches(api: ReturnType<typeof fakeApi>): FakeRequest[] {
  return api.requests.filter((r) => SEARCH_PATHS.includes(r.path));
}

function show(permissions: Permission[] = EVERY_CATEGORY, extra?: ReactNode) {
  return renderPage(
    <>
      {extra}
      <GlobalSearch user={testUser({ permissions })} />
    </>,
    { url: "/management/devices" },
  );
}

async function openPanel(person: ReturnType<typeof show>["user"], name = "Search") {
  await person.click(screen.getByRole("button", { name }));
  return screen.findByRole("dialog", { name });
}

function labels(panel: HTMLElement): (string | undefined)[] {
  return within(panel)
    .getAllByRole<HTMLInputElement>("checkbox")
    .map((box) => box.labels?.[0]?.textContent ?? undefined);
}

function checkbox(name: string) {
  return screen.getByRole("checkbox", { name });
}

describe("GlobalSearch", () => {
  it("SH-LAYOUT-012 shows the search button only to a user who may search a category", () => {
    const { unmount } = show(["view_statistics"]);
    expect(screen.queryByRole("button", { name: "Search" })).not.toBeInTheDocument();
    unmount();
    show(["view_tags"]);
    expect(screen.getByRole("button", { name: "Search" })).toBeVisible();
  });

  it("SH-SEARCH-001 SH-SEARCH-005 SH-SEARCH-006 opens on click with the categories the user may view", async () => {
    fakeApi();
    const { user } = show();
    const panel = await openPanel(user);
    expect(labels(panel)).toEqual([
      "Pages",
      "Devices",
      "Companies",
      "Remote access",
      "VPN hubs",
      "Tags",
      "Users",
      "Files",
    ]);
    for (const box of within(panel).getAllByRole("checkbox")) expect(box).toBeChecked();
    expect(within(panel).getByRole("searchbox", { name: "Search the console" })).toHaveFocus();
  });

  it("SH-SEARCH-006 offers a limited user only the categories it may view", async () => {
    fakeApi();
    const { user } = show(["view_tags", "view_users"]);
    const panel = await openPanel(user);
    expect(labels(panel)).toEqual(["Pages", "Tags", "Users"]);
  });

  it("SH-SEARCH-002 opens with / and the / is not typed into the box", async () => {
    fakeApi();
    const { user } = show();
    await user.keyboard("/");
    const box = await screen.findByRole("searchbox", { name: "Search the console" });
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveValue("");
  });

  it("SH-SEARCH-003 does not open with / while typing in a field", async () => {
    fakeApi();
    const { user } = show(EVERY_CATEGORY, <input aria-label="Note" />);
    await user.click(screen.getByRole("textbox", { name: "Note" }));
    await user.keyboard("/");
    expect(screen.getByRole("textbox", { name: "Note" })).toHaveValue("/");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("SH-SEARCH-004 does not open with / while a menu is open", async () => {
    fakeApi();
    const { user } = show(EVERY_CATEGORY, <div role="menu" aria-label="User menu" />);
    await user.keyboard("/");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("closes with Escape and gives the focus back to the search button", async () => {
    fakeApi();
    const { user } = show();
    await user.keyboard("/");
    await screen.findByRole("dialog", { name: "Search" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Search" })).toHaveFocus();
  });

  it("SH-SEARCH-010 SH-SEARCH-011 asks the server only while open and with words typed", async () => {
    const api = emptyLists(fakeApi());
    const { user } = show();
    const panel = await openPanel(user);
    const box = within(panel).getByRole("searchbox");
    await user.type(box, "   ");
    expect(await within(panel).findByText("Search across the console")).toBeVisible();
    await new Promise((r) => setTimeout(r, 700));
    expect(searches(api)).toHaveLength(0);

    await user.type(box, "gw");
    // Pages are matched in the browser and may say so before the debounced calls go out.
    await waitFor(
      () =>
        expect(
          searches(api)
            .map((r) => r.path)
            .sort(),
        ).toEqual([...SEARCH_PATHS].sort()),
      SETTLED,
    );
    expect(await within(panel).findByText("No results found", {}, SETTLED)).toBeVisible();
    expect(new Set(searches(api).map((r) => r.query.get("q")))).toEqual(new Set(["gw"]));

    await user.keyboard("{Escape}");
    const before = searches(api).length;
    await new Promise((r) => setTimeout(r, 700));
    expect(searches(api)).toHaveLength(before);
  });

  it("SH-SEARCH-012 SH-SEARCH-013 with no category chosen, says so and searches nothing", async () => {
    const api = emptyLists(fakeApi());
    const { user } = show(["view_tags"]);
    const panel = await openPanel(user);
    await user.click(checkbox("Pages"));
    await user.click(checkbox("Tags"));
    expect(within(panel).getByText("No search criteria selected")).toBeVisible();
    await user.type(within(panel).getByRole("searchbox"), "core");
    await new Promise((r) => setTimeout(r, 700));
    expect(within(panel).getByText("No search criteria selected")).toBeVisible();
    expect(searches(api)).toHaveLength(0);
  });

  it("SH-SEARCH-007 keeps the choice in local storage and in the remote preferences", async () => {
    const api = fakeApi().on("POST", "/api/storage", { status: 201, body: { success: true } });
    const first = show(["view_tags", "view_users"]);
    await openPanel(first.user);
    await first.user.click(checkbox("Users"));
    expect(checkbox("Users")).not.toBeChecked();
    expect(JSON.parse(window.localStorage.getItem("searchCategories")!)).toEqual(["pages", "tags"]);
    await waitFor(() =>
      expect(api.calls("POST", "/api/storage")[0]?.body).toEqual({
        key: "searchCategories",
        value: ["pages", "tags"],
      }),
    );
    first.unmount();

    const again = show(["view_tags", "view_users"]);
    await openPanel(again.user);
    expect(checkbox("Pages")).toBeChecked();
    expect(checkbox("Tags")).toBeChecked();
    expect(checkbox("Users")).not.toBeChecked();
  });

  it("SH-SEARCH-007 a choice stored in the remote preferences wins over this browser's", async () => {
    window.localStorage.setItem("searchCategories", JSON.stringify(["pages", "tags", "users"]));
    fakeApi().on("GET", "/api/storage", list([{ key: "searchCategories", value: ["users"] }]));
    const { user } = show(["view_tags", "view_users"]);
    await openPanel(user);
    await waitFor(() => expect(checkbox("Tags")).not.toBeChecked());
    expect(checkbox("Users")).toBeChecked();
    expect(checkbox("Pages")).not.toBeChecked();
    expect(JSON.parse(window.localStorage.getItem("searchCategories")!)).toEqual(["users"]);
  });

  it("SH-SEARCH-007 reads the remote preferences only once search opens, and keeps a choice made here", async () => {
    const api = fakeApi()
      .on("GET", "/api/storage", list([{ key: "searchCategories", value: ["users"] }]))
      .on("PUT", "/api/storage/searchCategories", failure(503, "UNAVAILABLE", "Try later"));
    const { user } = show(["view_tags", "view_users"]);
    expect(api.calls("GET", "/api/storage")).toHaveLength(0);

    await openPanel(user);
    await waitFor(() => expect(checkbox("Tags")).not.toBeChecked());
    await user.click(checkbox("Tags"));
    await waitFor(() => expect(api.calls("PUT", "/api/storage/searchCategories")).toHaveLength(1));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    // The server kept its older choice; this browser's newer one still holds.
    await openPanel(user);
    expect(checkbox("Tags")).toBeChecked();
    expect(checkbox("Users")).toBeChecked();
    expect(api.calls("GET", "/api/storage")).toHaveLength(1);
  });

  it("SH-SEARCH-015 SH-SEARCH-016 SH-SEARCH-018 SH-SEARCH-019…026 shows each category's rows, count and highlights", async () => {
    const api = fakeApi()
      .on(
        "GET",
        "/api/devices",
        list(
          [
            { id: 5, name: "Warehouse gateway 01", status: 1 },
            { id: 6, name: "", status: 0 },
          ],
          12,
        ),
      )
      .on("GET", "/api/companies", list([{ id: 31, name: "Warehouse Logistics" }]))
      .on(
        "GET",
        "/api/devices/remote-access",
        list([
          { id: 8, name: "Warehouse web UI", protocol: "https" },
          { id: 9, name: "Warehouse console", protocol: null },
        ]),
      )
      .on(
        "GET",
        "/api/vpn/hubs",
        list([
          { id: 2, name: "Warehouse hub", enabled: true },
          { id: 3, name: "Old warehouse hub", enabled: false },
        ]),
      )
      .on(
        "GET",
        "/api/tags",
        list([
          { id: 4, name: "Warehouse", color: "#1098ad", actions: [{ id: 1 }] },
          { id: 7, name: "Warehouse spare", color: null },
        ]),
      )
      .on("GET", "/api/users", list([{ id: 11, email: "warehouse.lead@example.com" }]))
      .on("GET", "/api/files", list([{ id: 12, name: "warehouse.cfg", type: "config" }]));
    const { user } = show([...EVERY_CATEGORY, "view_reports"]);
    const panel = await openPanel(user);
    await user.type(within(panel).getByRole("searchbox"), "WAREHOUSE");

    const devices = await within(panel).findByRole("region", { name: "Devices" }, SETTLED);
    await waitFor(() => expect(within(devices).getByText("10+")).toBeVisible(), SETTLED);
    const gateway = within(devices).getByRole("link", { name: /Warehouse gateway 01/ });
    expect(within(gateway).getByText("Online")).toBeVisible();
    expect(gateway.querySelector("mark")).toHaveTextContent("Warehouse");
    const unnamed = within(devices).getByRole("link", { name: /Offline/ });
    expect(unnamed).toHaveTextContent(/^Offline-$/);
    expect(unnamed).toHaveAttribute("href", "/devices/6");
    expect(within(devices).getByRole("link", { name: /View in table/ })).toHaveAttribute(
      "href",
      "/management/devices?q=WAREHOUSE",
    );

    const companies = within(panel).getByRole("region", { name: "Companies" });
    await waitFor(() => expect(within(companies).getByText("1")).toBeVisible());
    const company = within(companies).getByRole("link", { name: /Warehouse Logistics/ });
    expect(company).toHaveTextContent("#31Warehouse Logistics");
    expect(company).toHaveAttribute("href", "/companies/31");

    const remote = within(panel).getByRole("region", { name: "Remote access" });
    await waitFor(() => expect(within(remote).getAllByRole("link")).toHaveLength(3));
    expect(within(remote).getByRole("link", { name: /Warehouse web UI/ })).toHaveTextContent(
      "httpsWarehouse web UI",
    );
    expect(within(remote).getByRole("link", { name: /Warehouse console/ })).toHaveTextContent(
      "n/aWarehouse console",
    );

    const hubs = within(panel).getByRole("region", { name: "VPN hubs" });
    expect(
      await within(hubs).findByRole("link", { name: /^Enabled\s*Warehouse hub/ }),
    ).toBeVisible();
    expect(within(hubs).getByRole("link", { name: /^Disabled\s*Old warehouse hub/ })).toBeVisible();

    const tags = within(panel).getByRole("region", { name: "Tags" });
    const tagged = await within(tags).findByRole("link", { name: /Warehouse$/ });
    expect(within(tagged).getByText("A")).toBeVisible();
    expect(tagged.querySelector(".mantine-ColorSwatch-root")).not.toBeNull();
    const plain = within(tags).getByRole("link", { name: /Warehouse spare/ });
    expect(within(plain).queryByText("A")).not.toBeInTheDocument();
    expect(plain.querySelector(".mantine-ColorSwatch-root")).not.toBeNull();

    const users = within(panel).getByRole("region", { name: "Users" });
    const person = await within(users).findByRole("link", { name: "warehouse.lead@example.com" });
    expect(person).toHaveAttribute("href", "/users?q=warehouse.lead%40example.com");

    const files = within(panel).getByRole("region", { name: "Files" });
    expect(await within(files).findByRole("link", { name: /warehouse\.cfg/ })).toHaveTextContent(
      "warehouse.cfgConfiguration",
    );

    // Pages are matched here, against the titles; "warehouse" names none.
    const pages = within(panel).getByRole("region", { name: "Pages" });
    expect(within(pages).getByText("No results found")).toBeVisible();
    expect(within(pages).queryByRole("link", { name: /View in table/ })).not.toBeInTheDocument();
    expect(searches(api)).toHaveLength(7);
  });

  it("SH-SEARCH-025 D10 finds pages by their translated titles and links to them", async () => {
    await i18n.changeLanguage("no");
    emptyLists(fakeApi());
    const { user } = show(["view_tags", "view_reports"]);
    const panel = await openPanel(user, "Søk");
    await user.type(within(panel).getByRole("searchbox"), "rapporter");
    const pages = await within(panel).findByRole("region", { name: "Sider" }, SETTLED);
    const links = within(pages).getAllByRole("link");
    expect(links.length).toBeGreaterThan(1);
    for (const link of links) expect(link.getAttribute("href")).toMatch(/^\/reports/);
    const single = within(pages).getByRole("link", { name: /^Enkeltrapporter/ });
    expect(single).toHaveAttribute("href", "/reports/single");
    expect(single.querySelector("mark")).toHaveTextContent("rapporter");
  });

  it("D10 says No results found once when every category is empty", async () => {
    emptyLists(fakeApi());
    const { user } = show();
    const panel = await openPanel(user);
    await user.type(within(panel).getByRole("searchbox"), "zzzz");
    await waitFor(
      () => expect(within(panel).queryAllByRole("region", { name: "Devices" })).toHaveLength(1),
      SETTLED,
    );
    await waitFor(() => expect(within(panel).getByText("No results found")).toBeVisible(), SETTLED);
    expect(within(panel).getAllByText("No results found")).toHaveLength(1);
    await waitFor(() => expect(within(panel).queryByRole("region")).not.toBeInTheDocument());
  });

  it("shows a short error line for a category that failed, and the others' rows", async () => {
    fakeApi()
      .on("GET", "/api/tags", list([{ id: 4, name: "Core", color: "#4263eb" }]))
      .on("GET", "/api/users", failure(500, "SERVER_ERROR", "Something broke"));
    const { user } = show(["view_tags", "view_users"]);
    const panel = await openPanel(user);
    await user.type(within(panel).getByRole("searchbox"), "core");
    const users = await within(panel).findByRole("region", { name: "Users" }, SETTLED);
    expect(await within(users).findByRole("alert")).toHaveTextContent(
      "Could not load these results.",
    );
    expect(within(panel).getByRole("link", { name: /Core/ })).toBeVisible();
  });

  it("SH-SEARCH-027 choosing a result with the keyboard opens its page and closes the panel", async () => {
    fakeApi()
      .on("GET", "/api/devices", list([{ id: 5, name: "Warehouse gateway 01", status: 1 }]))
      .on("GET", "/api/tags", list([{ id: 4, name: "Warehouse", color: "#1098ad" }]));
    const { user, router } = show(["view_devices", "view_tags"]);
    const panel = await openPanel(user);
    await user.type(within(panel).getByRole("searchbox"), "warehouse");
    await within(panel).findByRole("link", { name: /Warehouse gateway 01/ }, SETTLED);
    await within(panel).findByRole("link", { name: /Warehouse$/ });

    await user.keyboard("{ArrowDown}");
    expect(within(panel).getByRole("link", { name: /Warehouse gateway 01/ })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(within(panel).getByRole("link", { name: /Warehouse$/ })).toHaveFocus();
    await user.keyboard("{ArrowUp}{Enter}");

    await waitFor(() => expect(router.state.location.pathname).toBe("/devices/5"));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("SH-SEARCH-017 View in table opens the list filtered by the words", async () => {
    fakeApi().on("GET", "/api/tags", list([{ id: 4, name: "Core", color: "#4263eb" }]));
    const { user, router } = show(["view_tags"]);
    const panel = await openPanel(user);
    await user.type(within(panel).getByRole("searchbox"), " core ");
    const tags = await within(panel).findByRole("region", { name: "Tags" }, SETTLED);
    await user.click(await within(tags).findByRole("link", { name: /View in table/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/tags"));
    expect(router.state.location.search).toBe("?q=core");
  });
});
