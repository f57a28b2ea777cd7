import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { deferred, failure, fakeApi, type FakeRequest } from "../../../test/fake-api";
import { renderFieldForm } from "./field-form-harness";

/** `total` companies, sliced by the request's limit and offset, filtered by `q`. */
function companies(request: FakeRequest, total: number) {
  const limit = Number(request.query.get("limit"));
  const offset = Number(request.query.get("offset"));
  const q = request.query.get("q") ?? "";
  const all = Array.from({ length: total }, (_, i) => ({
    id: i + 1,
    name: `Company ${String(i + 1)}`,
  })).filter((c) => c.name.includes(q));
  return {
    status: 200,
    body: { success: true, data: all.slice(offset, offset + limit), meta: { total: all.length } },
  };
}

const COMPANY_FIELD = {
  key: "company_id",
  label: "Company",
  component: "ItemSelect" as const,
  source: { endpoint: "/api/companies", params: { level: 1 } },
};

describe("ItemSelect", () => {
  // A hundred rendered options make this the slowest test here; the machine is shared.
  it("loads pages of 100 from the source and the next page when scrolled to the end", async () => {
    const api = fakeApi().on("GET", "/api/companies", (r) => companies(r, 150));
    const { user, values } = renderFieldForm({ endpoint: "/api/tags", fields: [COMPANY_FIELD] });
    expect(api.requests).toHaveLength(0);

    await user.click(screen.getByRole("textbox", { name: "Company" }));
    expect(await screen.findByRole("option", { name: "Company 100" })).toBeInTheDocument();
    expect(screen.queryByRole("option", { name: "Company 101" })).not.toBeInTheDocument();
    const first = api.calls("GET", "/api/companies")[0];
    expect(first?.query.get("limit")).toBe("100");
    expect(first?.query.get("offset")).toBe("0");
    expect(first?.query.get("level")).toBe("1");

    fireEvent.scroll(screen.getByRole("listbox"));
    expect(await screen.findByRole("option", { name: "Company 150" })).toBeInTheDocument();
    expect(api.calls("GET", "/api/companies")[1]?.query.get("offset")).toBe("100");

    await user.click(screen.getByRole("option", { name: "Company 120" }));
    expect(values().company_id).toBe(120);
    expect(screen.getByRole("textbox", { name: "Company" })).toHaveValue("Company 120");
  });

  it("searches on the server with q once typing settles", async () => {
    const api = fakeApi().on("GET", "/api/companies", (r) => companies(r, 30));
    const { user } = renderFieldForm({ endpoint: "/api/tags", fields: [COMPANY_FIELD] });
    await user.click(screen.getByRole("textbox", { name: "Company" }));
    await screen.findByRole("option", { name: "Company 1" });
    await user.type(screen.getByRole("textbox", { name: "Company" }), "Company 2");
    await waitFor(() => {
      expect(api.calls("GET", "/api/companies").at(-1)?.query.get("q")).toBe("Company 2");
    });
    expect(await screen.findByRole("option", { name: "Company 25" })).toBeInTheDocument();
    expect(screen.queryByRole("option", { name: "Company 13" })).not.toBeInTheDocument();
    // Only the settled text is searched, not every keystroke.
    const searched = api.calls("GET", "/api/companies").map((r) => r.query.get("q"));
    expect(searched).not.toContain("C");
  }, 20_000);

  it("shows Loading until the first page arrives", async () => {
    const release = deferred();
    fakeApi().on("GET", "/api/companies", async (r) => {
      await release.promise;
      return companies(r, 3);
    });
    const { user } = renderFieldForm({ endpoint: "/api/tags", fields: [COMPANY_FIELD] });
    await user.click(screen.getByRole("textbox", { name: "Company" }));
    expect(await screen.findByText("Loading…")).toBeInTheDocument();
    release.resolve();
    expect(await screen.findByRole("option", { name: "Company 3" })).toBeInTheDocument();
    expect(screen.queryByText("Loading…")).not.toBeInTheDocument();
  });

  it("shows No results, and an error when the options cannot be loaded", async () => {
    const api = fakeApi().on("GET", "/api/companies", (r) => companies(r, 0));
    const { user, unmount } = renderFieldForm({ endpoint: "/api/tags", fields: [COMPANY_FIELD] });
    await user.click(screen.getByRole("textbox", { name: "Company" }));
    expect(await screen.findByText("No results")).toBeInTheDocument();
    unmount();

    api.on("GET", "/api/companies", failure(500, "SERVER_ERROR", "Boom"));
    const second = renderFieldForm({ endpoint: "/api/tags", fields: [COMPANY_FIELD] });
    await second.user.click(screen.getByRole("textbox", { name: "Company" }));
    expect(await screen.findByText("Could not load the options")).toBeInTheDocument();
  });

  it("keeps the chosen option's label when its page is not loaded", () => {
    fakeApi().on("GET", "/api/companies", (r) => companies(r, 0));
    renderFieldForm({
      endpoint: "/api/tags",
      initialValues: { company_id: 420 },
      fields: [{ ...COMPANY_FIELD, source: { ...COMPANY_FIELD.source, labels: { 420: "Acme" } } }],
    });
    expect(screen.getByRole("textbox", { name: "Company" })).toHaveValue("Acme");
  });

  it("chooses several with multiple and removes one by its pill", async () => {
    fakeApi().on("GET", "/api/companies", (r) => companies(r, 5));
    const { user, values } = renderFieldForm({
      endpoint: "/api/tags",
      fields: [{ ...COMPANY_FIELD, label: "Companies", multiple: true }],
    });
    await user.click(screen.getByRole("textbox", { name: "Companies" }));
    await user.click(await screen.findByRole("option", { name: "Company 2" }));
    await user.click(screen.getByRole("option", { name: "Company 4" }));
    expect(values().company_id).toEqual([2, 4]);
    await user.click(screen.getByRole("button", { name: "Remove Company 2" }));
    expect(values().company_id).toEqual([4]);
  });
});

describe("DeviceSelect", () => {
  it("lists devices from /api/devices labelled name (serial)", async () => {
    const api = fakeApi().on("GET", "/api/devices", {
      status: 200,
      body: {
        success: true,
        data: [{ id: 9, name: "Gateway", serial: "1100000009" }],
        meta: { total: 1 },
      },
    });
    const { user, values } = renderFieldForm({
      endpoint: "/api/tasks",
      fields: [{ key: "device_id", label: "Device", component: "DeviceSelect" }],
    });
    await user.click(screen.getByRole("textbox", { name: "Device" }));
    await user.click(await screen.findByRole("option", { name: "Gateway (1100000009)" }));
    expect(values().device_id).toBe(9);
    expect(api.calls("GET", "/api/devices")).toHaveLength(1);
  });
});
