import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { TagListItem } from "@netfleet/contracts/schemas/tags";
import { SchemaForm } from "../../components/ui/form/schema-form";
import { fakeApi, success } from "../../test/fake-api";
import { renderPage } from "../../test/render";
import { editTagForm, newTagForm } from "./tag-form";

const COMPANIES = {
  status: 200,
  body: {
    success: true,
    data: [
      { id: 1, name: "Acme Networks" },
      { id: 4, name: "Acme Retail" },
    ],
    meta: { total: 2 },
  },
};

const TAG: TagListItem = {
  id: 9,
  name: "Core",
  description: "Backbone routers",
  color: "#4263eb",
  company_id: 4,
  company_name: "Acme Retail",
  devices_count: 3,
  actions: [],
  created_at: "2026-01-02T03:04:05Z",
};

describe("the tag forms", () => {
  it("FM-VALID-024 require company and name but not colour", async () => {
    const api = fakeApi();
    const { user } = renderPage(<SchemaForm schema={newTagForm()} />);

    await user.click(screen.getByRole("button", { name: "Create" }));

    expect(screen.getByRole("textbox", { name: "Company" })).toHaveAccessibleDescription(
      "This field is required",
    );
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveAccessibleDescription(
      "This field is required",
    );
    expect(screen.getByRole("textbox", { name: "Color" })).not.toHaveAccessibleDescription(
      /required|colour/i,
    );
    expect(api.calls("POST", "/api/tags")).toHaveLength(0);
  });

  it("creates a tag with the chosen company, leaving out what was left empty", async () => {
    const api = fakeApi()
      .on("GET", "/api/companies", COMPANIES)
      .on("POST", "/api/tags", success({ id: 10 }));
    const { user } = renderPage(<SchemaForm schema={newTagForm()} />);

    await user.click(screen.getByRole("textbox", { name: "Company" }));
    await user.click(await screen.findByRole("option", { name: "Acme Retail" }));
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Stores");
    await user.click(screen.getByRole("button", { name: "Create" }));

    expect(await screen.findByText("Tag created successfully")).toBeVisible();
    expect(api.calls("POST", "/api/tags")[0]?.body).toEqual({ company_id: 4, name: "Stores" });
  });

  it("edits a tag in its own company and clears an emptied description", async () => {
    const api = fakeApi().on("PUT", "/api/tags/9", success({ id: 9 }));
    const { user } = renderPage(<SchemaForm schema={editTagForm(TAG)} />);
    const company = screen.getByRole("textbox", { name: "Company" });
    expect(company).toBeDisabled();
    expect(company).toHaveAttribute("placeholder", "Acme Retail");

    await user.clear(screen.getByRole("textbox", { name: "Description" }));
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Tag updated successfully")).toBeVisible();
    expect(api.calls("PUT", "/api/tags/9")[0]?.body).toEqual({
      company_id: 4,
      name: "Core",
      description: null,
      color: "#4263eb",
    });
    expect(within(document.body).queryByText(/required/)).not.toBeInTheDocument();
  });
});
