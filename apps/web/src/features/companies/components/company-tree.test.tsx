import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { i18n } from "../../../lib/i18n";
import { deferred, failure, fakeApi, success } from "../../../test/fake-api";
import { renderApp, renderPage } from "../../../test/render";
import { testUser } from "../../../test/users";
import { companyRow, listAnswer, TREE } from "../companies-test-kit";
import { CompanyTree } from "./company-tree";

const URL = "/companies/tree";
const item = (name: string) =>
  screen.getByRole("treeitem", { name: new RegExp(`^${name} Devices`) });

function showTree() {
  return renderPage(<CompanyTree />, { url: URL });
}

describe("the company tree", () => {
  it("shows a loading state, then the user's company open on its subsidiaries", async () => {
    const release = deferred();
    const api = fakeApi().on("GET", "/api/companies", async (request) => {
      await release.promise;
      return listAnswer(request, TREE);
    });
    showTree();

    expect(screen.getByRole("status", { name: "Loading the company tree" })).toBeVisible();
    release.resolve();

    const tree = await screen.findByRole("tree", { name: "Company tree" });
    const names = within(tree)
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(names).toEqual(["Netfleet Demo", "North", "South"]);
    expect(item("Netfleet Demo")).toHaveAttribute("aria-expanded", "true");
    expect(item("North")).toHaveAttribute("aria-expanded", "false");
    expect(item("South")).not.toHaveAttribute("aria-expanded");
    expect(api.calls("GET", "/api/companies")[0]?.query.get("sort")).toBe("tree");
  });

  it("shows each company's device and user counts", async () => {
    fakeApi().on("GET", "/api/companies", (request) => listAnswer(request, TREE));
    showTree();
    await screen.findByRole("tree");

    const row = (name: string) =>
      screen.getByRole("link", { name }).closest("[data-value]") as HTMLElement;
    expect(within(row("Netfleet Demo")).getByLabelText("Devices: 12")).toHaveTextContent("12");
    expect(within(row("Netfleet Demo")).getByLabelText("Users: 4")).toHaveTextContent("4");
    expect(within(row("North")).getByLabelText("Devices: 7")).toBeVisible();
    expect(within(row("North")).getByLabelText("Users: 2")).toBeVisible();
    expect(within(row("South")).getByLabelText("Devices: 0")).toBeVisible();
    expect(within(row("South")).getByLabelText("Users: 3")).toBeVisible();
  });

  it("opens and closes branches with the arrow keys and opens a company with Enter", async () => {
    fakeApi().on("GET", "/api/companies", (request) => listAnswer(request, TREE));
    const { user, router } = showTree();
    await screen.findByRole("tree");
    expect(screen.queryByRole("link", { name: "North Retail" })).not.toBeInTheDocument();

    // Past Expand all and Collapse all, the tree takes one tab stop.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(item("Netfleet Demo")).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(item("North")).toHaveFocus();

    await user.keyboard("{ArrowRight}");
    expect(item("North")).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: "North Retail" })).toBeVisible();
    await user.keyboard("{ArrowRight}");
    expect(item("North Retail")).toHaveFocus();

    await user.keyboard("{ArrowLeft}");
    expect(item("North")).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(item("North")).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("link", { name: "North Retail" })).not.toBeInTheDocument();

    await user.keyboard("{Enter}");
    expect(router.state.location.pathname).toBe("/companies/2");
  });

  it("opens and closes every branch at once", async () => {
    fakeApi().on("GET", "/api/companies", (request) => listAnswer(request, TREE));
    const { user } = showTree();
    await screen.findByRole("tree");

    await user.click(screen.getByRole("button", { name: "Expand all" }));
    expect(screen.getByRole("link", { name: "North Retail" })).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Collapse all" }));
    expect(screen.queryByRole("link", { name: "North" })).not.toBeInTheDocument();
    expect(item("Netfleet Demo")).toHaveAttribute("aria-expanded", "false");
  });

  it("links each company to its page", async () => {
    fakeApi().on("GET", "/api/companies", (request) => listAnswer(request, TREE));
    showTree();
    expect(await screen.findByRole("link", { name: "South" })).toHaveAttribute(
      "href",
      "/companies/4",
    );
  });

  it("reads a tree larger than a page, page by page", async () => {
    const many = [
      companyRow(1, { name: "Root", parent_id: 0, level: 1 }),
      ...Array.from({ length: 100 }, (_, i) => companyRow(i + 2, { name: `Branch ${i + 2}` })),
    ];
    const api = fakeApi().on("GET", "/api/companies", (request) => listAnswer(request, many));
    showTree();

    expect(
      await screen.findByRole("link", { name: "Branch 101" }, { timeout: 5000 }),
    ).toBeVisible();
    expect(api.calls("GET", "/api/companies").map((r) => r.query.get("offset"))).toEqual([
      "0",
      "100",
    ]);
  });

  it("says so when there is no company to show", async () => {
    fakeApi().on("GET", "/api/companies", (request) => listAnswer(request, []));
    showTree();
    expect(await screen.findByText("No companies to show")).toBeVisible();
    expect(screen.queryByRole("tree")).not.toBeInTheDocument();
  });

  it("shows the server's message when the tree cannot be loaded, and tries again", async () => {
    let fail = true;
    fakeApi().on("GET", "/api/companies", (request) =>
      fail
        ? failure(403, "FORBIDDEN", "You do not have permission to do this.")
        : listAnswer(request, TREE),
    );
    const { user } = showTree();

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load the company tree");
    expect(alert).toHaveTextContent("You do not have permission to do this.");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("tree")).toBeVisible();
  });

  it("speaks the chosen language", async () => {
    await i18n.changeLanguage("ja");
    fakeApi().on("GET", "/api/companies", (request) => listAnswer(request, TREE));
    showTree();
    expect(await screen.findByRole("tree", { name: "会社ツリー" })).toBeVisible();
    expect(screen.getByLabelText("デバイス: 12")).toBeVisible();
  });

  it("is the page of /companies/tree, under the companies in the breadcrumbs", async () => {
    const signedIn = testUser({ permissions: ["view_devices", "view_companies"] });
    fakeApi()
      .on("GET", "/api/user", success(signedIn, signedIn))
      .on("GET", "/api/companies", (request) => listAnswer(request, TREE));
    renderApp(URL);

    // The console's layout and the page are lazy chunks, slow to load the first time.
    expect(
      await screen.findByRole("heading", { level: 1, name: "Company tree" }, { timeout: 5000 }),
    ).toBeVisible();
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumbs" });
    expect(within(crumbs).getByRole("link", { name: "Companies" })).toHaveAttribute(
      "href",
      "/companies",
    );
    expect(await screen.findByRole("tree", { name: "Company tree" })).toBeVisible();
  });
});
