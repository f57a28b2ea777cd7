import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { DeviceListItem } from "@netfleet/contracts/schemas/devices";
import { i18n } from "../../../lib/i18n";
import { deferred, failure, fakeApi, type FakeRequest } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { DevicesList } from "./devices-list";

function device(id: number, overrides: Partial<DeviceListItem> = {}): DeviceListItem {
  return {
    id,
    name: `Router ${id}`,
    serial: String(1_100_000_000 + id),
    mac: `00:1E:42:00:00:${id.toString(16).padStart(2, "0").toUpperCase()}`,
    model: "RUTX11",
    firmware: "RUTX_R_00.07.06",
    status: 1,
    company_id: 1,
    company_name: "Acme Networks",
    created_at: new Date(2025, 0, 2, 3, 4, 5).toISOString(),
    ...overrides,
  };
}

/** The server's list answer: `total` devices, sliced by the request's limit and offset. */
function page(request: FakeRequest, total: number) {
  const limit = Number(request.query.get("limit"));
  const offset = Number(request.query.get("offset"));
  const ids = Array.from(
    { length: Math.max(0, Math.min(limit, total - offset)) },
    (_, i) => offset + i + 1,
  );
  return {
    status: 200,
    body: { success: true, data: ids.map((id) => device(id)), meta: { total } },
  };
}

const URL = "/management/devices";

describe("DevicesList", () => {
  it("shows a loading table, then the first page of devices", async () => {
    const release = deferred();
    const api = fakeApi().on("GET", "/api/devices", async (request) => {
      await release.promise;
      return page(request, 60);
    });
    renderPage(<DevicesList />, { url: URL });

    const table = await screen.findByRole("table", { name: "Devices" });
    expect(table).toHaveAttribute("aria-busy", "true");
    expect(within(table).queryByText("Router 1")).not.toBeInTheDocument();

    release.resolve();

    const row = (await screen.findByText("Router 1")).closest("tr");
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText("Online")).toBeVisible();
    expect(within(row as HTMLElement).getByText("2025-01-02 03:04:05")).toBeVisible();
    expect(within(row as HTMLElement).getByText("Acme Networks")).toBeVisible();
    expect(table).toHaveAttribute("aria-busy", "false");
    expect(screen.getByText("1–25 of 60")).toBeVisible();
    expect(api.requests[0]?.search).toBe("?limit=25&offset=0");
  });

  it("asks the server for the next page", async () => {
    const api = fakeApi().on("GET", "/api/devices", (request) => page(request, 60));
    const { user } = renderPage(<DevicesList />, { url: URL });
    await screen.findByText("Router 1");

    await user.click(screen.getByRole("button", { name: "Next page" }));

    expect(await screen.findByText("Router 26")).toBeVisible();
    expect(screen.getByText("26–50 of 60")).toBeVisible();
    expect(api.requests.at(-1)?.query.get("offset")).toBe("25");
  });

  it("sorts on the server when a column header is clicked", async () => {
    const api = fakeApi().on("GET", "/api/devices", (request) => page(request, 3));
    const { user } = renderPage(<DevicesList />, { url: URL });
    await screen.findByText("Router 1");

    await user.click(screen.getByRole("button", { name: "Name" }));
    await expect.poll(() => api.requests.at(-1)?.query.get("sort")).toBe("name");
    expect(screen.getByRole("columnheader", { name: "Name" })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );

    await user.click(screen.getByRole("button", { name: "Name" }));
    await expect.poll(() => api.requests.at(-1)?.query.get("sort")).toBe("-name");
    expect(screen.getByRole("columnheader", { name: "Name" })).toHaveAttribute(
      "aria-sort",
      "descending",
    );

    await user.click(screen.getByRole("button", { name: "Created at" }));
    await expect.poll(() => api.requests.at(-1)?.query.get("sort")).toBe("-created_at");
  });

  it("searches once the user stops typing and says when nothing matches", async () => {
    const api = fakeApi().on("GET", "/api/devices", (request) =>
      page(request, request.query.get("q") ? 0 : 3),
    );
    const { user } = renderPage(<DevicesList />, { url: URL });
    await screen.findByText("Router 1");

    await user.type(screen.getByRole("searchbox", { name: "Search devices" }), "zzz");

    expect(await screen.findByText("No devices match “zzz”", {}, { timeout: 2000 })).toBeVisible();
    const searches = api.requests.filter((r) => r.query.has("q"));
    expect(searches.map((r) => r.query.get("q"))).toEqual(["zzz"]);

    await user.click(screen.getByRole("button", { name: "Clear search" }));
    expect(await screen.findByText("Router 1")).toBeVisible();
    expect(screen.getByRole("searchbox", { name: "Search devices" })).toHaveValue("");
  });

  it("says so when there are no devices at all", async () => {
    fakeApi().on("GET", "/api/devices", (request) => page(request, 0));
    renderPage(<DevicesList />, { url: URL });

    expect(await screen.findByText("No devices yet")).toBeVisible();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    fakeApi().on(
      "GET",
      "/api/devices",
      failure(403, "FORBIDDEN", "You do not have permission to do this."),
    );
    renderPage(<DevicesList />, { url: URL });

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load devices");
    expect(alert).toHaveTextContent("You do not have permission to do this.");
  });

  it("speaks the chosen language: search, column headings, statuses and paging", async () => {
    await i18n.changeLanguage("no");
    fakeApi().on("GET", "/api/devices", (request) => page(request, 60));
    renderPage(<DevicesList />, { url: URL });

    const table = await screen.findByRole("table", { name: "Enheter" });
    expect(await within(table).findByText("Router 1")).toBeVisible();
    expect(screen.getByRole("searchbox", { name: "Søk i enheter" })).toBeVisible();
    expect(within(table).getByRole("button", { name: "Serienummer" })).toBeVisible();
    expect(within(table).getAllByText("Tilkoblet")[0]).toBeVisible();
    expect(screen.getByText("1–25 av 60")).toBeVisible();
    expect(screen.getByRole("button", { name: "Neste side" })).toBeVisible();
  });
});
