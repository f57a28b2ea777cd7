import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { IconBox } from "@tabler/icons-react";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import { http } from "../../lib/http";
import { failure, fakeApi, success, type FakeRequest } from "../../test/fake-api";
import { renderPage } from "../../test/render";
import { type ListParams, ServerList, useUrlListState } from "./server-list";
import { SortableTable } from "./sortable-table";

interface Thing {
  id: number;
  name: string;
}

const SORT_KEYS = ["name", "created_at"] as const;

function useThings(params: ListParams) {
  return useQuery({
    queryKey: ["things", params],
    queryFn: async ({ signal }) =>
      (await http.get<ListEnvelope<Thing>>("/api/things", { params, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** A list as a feature builds one: the URL's state, its query, the frame and a table. */
function Things({ id }: { id?: string }) {
  const list = useUrlListState({ id, pageSize: 10, sortKeys: SORT_KEYS });
  const things = useThings(list.params);
  return (
    <ServerList
      list={list}
      result={things}
      searchLabel="Search things"
      searchPlaceholder="Search by name"
      errorTitle="Could not load things"
      icon={<IconBox size={24} />}
      emptyTitle="No things yet"
      emptyText="Things appear here once you make them."
      noMatchTitle={`No things match “${list.q}”`}
    >
      {(table) => (
        <SortableTable
          {...table}
          label="Things"
          columns={[
            { id: "name", label: "Name", firstSort: "asc", render: (thing) => thing.name },
            { id: "created_at", label: "Created", firstSort: "desc", render: () => "" },
          ]}
          minWidth={400}
        />
      )}
    </ServerList>
  );
}

/** `total` things whose name contains the search, sliced by the request's limit and offset. */
function page(request: FakeRequest, total: number) {
  const q = request.query.get("q") ?? "";
  const all = Array.from({ length: total }, (_, i) => ({ id: i + 1, name: `Thing ${i + 1}` }));
  const matching = all.filter((thing) => thing.name.includes(q));
  const offset = Number(request.query.get("offset"));
  const data = matching.slice(offset, offset + Number(request.query.get("limit")));
  return { status: 200, body: { success: true, data, meta: { total: matching.length } } };
}

const search = () => screen.getByRole("searchbox", { name: "Search things" });

describe("ServerList and useUrlListState", () => {
  it("shows the view the URL names and asks the server for it", async () => {
    const api = fakeApi().on("GET", "/api/things", (request) => page(request, 30));
    renderPage(<Things />, { url: "/things?q=Thing&sort=-created_at&page=2" });

    expect(await screen.findByText("Thing 11")).toBeVisible();
    expect(api.requests[0]?.search).toBe("?limit=10&offset=10&q=Thing&sort=-created_at");
    expect(search()).toHaveValue("Thing");
    expect(screen.getByRole("columnheader", { name: "Created" })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    expect(screen.getByText("11–20 of 30")).toBeVisible();
    expect(screen.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  });

  it("ignores a sort it does not offer and a page that is not a number", async () => {
    const api = fakeApi().on("GET", "/api/things", (request) => page(request, 30));
    renderPage(<Things />, { url: "/things?sort=password&page=abc" });

    expect(await screen.findByText("Thing 1")).toBeVisible();
    expect(api.requests[0]?.search).toBe("?limit=10&offset=0");
  });

  it("searches once typing pauses, from the first page; Enter searches at once", async () => {
    const api = fakeApi().on("GET", "/api/things", (request) => page(request, 30));
    const { user, router } = renderPage(<Things />, { url: "/things?page=2" });
    await screen.findByText("Thing 11");

    await user.type(search(), "Thing 2");
    await waitFor(() => expect(router.state.location.search).toBe("?q=Thing+2"));
    // "Thing 2" and "Thing 20" to "Thing 29".
    expect(await screen.findByText("1–10 of 11")).toBeVisible();
    const searched = api.requests.filter((r) => r.query.has("q"));
    expect(searched.map((r) => [r.query.get("q"), r.query.get("offset")])).toEqual([
      ["Thing 2", "0"],
    ]);

    await user.type(search(), "0{Enter}");
    // Sooner than the pause after the last keystroke (500 ms) would run out.
    await waitFor(() => expect(router.state.location.search).toBe("?q=Thing+20"), {
      timeout: 400,
    });
    expect(await screen.findByText("1–1 of 1")).toBeVisible();
  });

  it("clears the search from the box and the URL, and drops a search still waiting", async () => {
    const api = fakeApi().on("GET", "/api/things", (request) => page(request, 30));
    const { user, router } = renderPage(<Things />, { url: "/things?q=nothing" });

    expect(await screen.findByText("No things match “nothing”")).toBeVisible();
    expect(screen.queryByText("Things appear here once you make them.")).not.toBeInTheDocument();
    await user.type(search(), " else");
    await user.click(screen.getByRole("button", { name: "Clear search" }));

    expect(await screen.findByText("Thing 1")).toBeVisible();
    expect(search()).toHaveValue("");
    expect(router.state.location.search).toBe("");
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(router.state.location.search).toBe("");
    expect(api.requests.some((r) => r.query.get("q") === "nothing else")).toBe(false);
  });

  it("pages and sorts through the URL; a new sort starts at the first page", async () => {
    const api = fakeApi().on("GET", "/api/things", (request) => page(request, 30));
    const { user, router } = renderPage(<Things />, { url: "/things" });
    await screen.findByText("Thing 1");

    await user.click(screen.getByRole("button", { name: "Page 3" }));
    expect(await screen.findByText("Thing 21")).toBeVisible();
    expect(screen.getByText("21–30 of 30")).toBeVisible();
    expect(router.state.location.search).toBe("?page=3");
    expect(api.requests.at(-1)?.query.get("offset")).toBe("20");

    await user.click(screen.getByRole("button", { name: "Previous page" }));
    await waitFor(() => expect(router.state.location.search).toBe("?page=2"));

    await user.click(screen.getByRole("button", { name: "Name" }));
    await waitFor(() => expect(router.state.location.search).toBe("?sort=name"));
    expect(await screen.findByText("1–10 of 30")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(router.state.location.search).toBe("?sort=name&page=2"));
    await user.click(screen.getByRole("button", { name: "Page 1" }));
    await waitFor(() => expect(router.state.location.search).toBe("?sort=name"));
  });

  it("offers the first page when the page asked for is past the end", async () => {
    fakeApi().on("GET", "/api/things", (request) => page(request, 30));
    const { user, router } = renderPage(<Things />, { url: "/things?page=9" });

    expect(await screen.findByText("This page is empty")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Go to the first page" }));

    expect(await screen.findByText("Thing 1")).toBeVisible();
    expect(router.state.location.search).toBe("");
  });

  it("says when there is nothing at all, without offering to clear a search", async () => {
    fakeApi().on("GET", "/api/things", (request) => page(request, 0));
    renderPage(<Things />, { url: "/things" });

    expect(await screen.findByText("No things yet")).toBeVisible();
    expect(screen.getByText("Things appear here once you make them.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Clear search" })).not.toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows why loading failed and loads again on request", async () => {
    let calls = 0;
    fakeApi().on("GET", "/api/things", (request) =>
      ++calls === 1 ? failure(500, "INTERNAL", "The list is resting.") : page(request, 3),
    );
    const { user } = renderPage(<Things />, { url: "/things" });

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load things");
    expect(alert).toHaveTextContent("The list is resting.");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));

    expect(await screen.findByText("Thing 3")).toBeVisible();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("offers page sizes and asks for the chosen one from the page holding the first row", async () => {
    const api = fakeApi().on("GET", "/api/things", (request) => page(request, 130));
    const { user, router } = renderPage(<Things />, { url: "/things?page=4" });
    expect(await screen.findByText("31–40 of 130")).toBeVisible();

    const size = screen.getByRole("combobox", { name: "Rows per page" });
    expect(
      within(size)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["10", "20", "50", "100"]);
    await user.selectOptions(size, "20");

    // Row 31 is on the second page of 20.
    expect(await screen.findByText("21–40 of 130")).toBeVisible();
    expect(router.state.location.search).toBe("?page=2");
    expect(api.requests.at(-1)?.search).toBe("?limit=20&offset=20");
    // Without an id the choice is not kept anywhere.
    expect(api.requests.filter((r) => r.path === "/api/storage")).toHaveLength(0);
  });

  it("offers the list's own default size among the others", async () => {
    fakeApi().on("GET", "/api/things", (request) => page(request, 30));
    function TwentyFive() {
      const list = useUrlListState({ pageSize: 25, sortKeys: SORT_KEYS });
      const things = useThings(list.params);
      return (
        <ServerList
          list={list}
          result={things}
          searchLabel="Search things"
          searchPlaceholder=""
          errorTitle=""
          icon={null}
          emptyTitle=""
          noMatchTitle=""
        >
          {(table) => <SortableTable {...table} label="Things" columns={[]} minWidth={100} />}
        </ServerList>
      );
    }
    renderPage(<TwentyFive />, { url: "/things" });

    const size = await screen.findByRole("combobox", { name: "Rows per page" });
    expect(size).toHaveValue("25");
    expect(
      within(size)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["10", "20", "25", "50", "100"]);
  });

  it("FM-CALL-009 keeps a list's page size in remote storage under table.<id>", async () => {
    const api = fakeApi()
      .on("GET", "/api/things", (request) => page(request, 130))
      .on("GET", "/api/storage", success([{ key: "other", value: 1 }], { meta: { total: 1 } }))
      .on("POST", "/api/storage", (request) => ({
        status: 201,
        body: { success: true, data: request.body },
      }));
    const { user } = renderPage(<Things id="things" />, { url: "/things" });
    await screen.findByText("1–10 of 130");

    await user.selectOptions(screen.getByRole("combobox", { name: "Rows per page" }), "50");

    expect(await screen.findByText("1–50 of 130")).toBeVisible();
    await waitFor(() => expect(api.calls("POST", "/api/storage")).toHaveLength(1));
    expect(api.calls("POST", "/api/storage")[0]?.body).toEqual({
      key: "table.things",
      value: { pageSize: 50 },
    });
  });

  it("FM-CALL-008 applies the stored page size once it is known, and PUTs a new choice", async () => {
    const api = fakeApi()
      .on("GET", "/api/things", (request) => page(request, 130))
      .on(
        "GET",
        "/api/storage",
        success([{ key: "table.things", value: { pageSize: 50 } }], { meta: { total: 1 } }),
      )
      .on("PUT", "/api/storage/table.things", (request) => success(request.body));
    const { user } = renderPage(<Things id="things" />, { url: "/things" });

    expect(await screen.findByText("1–50 of 130")).toBeVisible();
    const size = screen.getByRole("combobox", { name: "Rows per page" });
    expect(size).toHaveValue("50");
    expect(api.calls("GET", "/api/things").at(-1)?.query.get("limit")).toBe("50");

    await user.selectOptions(size, "100");

    expect(await screen.findByText("1–100 of 130")).toBeVisible();
    await waitFor(() => expect(api.calls("PUT", "/api/storage/table.things")).toHaveLength(1));
    expect(api.calls("PUT", "/api/storage/table.things")[0]?.body).toEqual({
      value: { pageSize: 100 },
    });
    expect(api.calls("POST", "/api/storage")).toHaveLength(0);
  });

  it("FM-CALL-007 keeps its default size when the stored one is unusable or cannot be read", async () => {
    fakeApi()
      .on("GET", "/api/things", (request) => page(request, 130))
      .on(
        "GET",
        "/api/storage",
        success([{ key: "table.things", value: { pageSize: 7 } }], { meta: { total: 1 } }),
      );
    const first = renderPage(<Things id="things" />, { url: "/things" });
    expect(await screen.findByText("1–10 of 130")).toBeVisible();
    await waitFor(() => expect(first.queryClient.getQueryData(["storage"])).toBeDefined());
    expect(screen.getByRole("combobox", { name: "Rows per page" })).toHaveValue("10");
    first.unmount();

    fakeApi()
      .on("GET", "/api/things", (request) => page(request, 130))
      .on("GET", "/api/storage", failure(500, "INTERNAL", "Resting."));
    const second = renderPage(<Things id="things" />, { url: "/things" });
    expect(await screen.findByText("1–10 of 130")).toBeVisible();
    await waitFor(() => expect(second.queryClient.getQueryData(["storage"])).toEqual([]));
    expect(screen.getByText("1–10 of 130")).toBeVisible();
  });
});
