import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { renderFieldForm } from "./field-form-harness";

const COLUMNS = [
  { key: "name", title: "Name", maxlength: 6 },
  { key: "port", title: "Port", pattern: "\\d{1,5}" },
];

describe("TableInput", () => {
  it("FM-FIELD-025 holds rows keyed by column keys, with titles, patterns and maximum lengths", async () => {
    const { user, values, save, state } = renderFieldForm({
      endpoint: "/api/things",
      initialValues: { forwards: [{ name: "web", port: "80" }] },
      fields: [{ key: "forwards", label: "Forwards", component: "TableInput", columns: COLUMNS }],
    });
    const table = screen.getByRole("table", { name: "Forwards" });
    expect(within(table).getByRole("columnheader", { name: "Name" })).toBeVisible();
    expect(within(table).getByRole("columnheader", { name: "Port" })).toBeVisible();
    expect(screen.getByRole("textbox", { name: "Name 1" })).toHaveValue("web");

    await user.click(screen.getByRole("button", { name: "Add row" }));
    await user.type(screen.getByRole("textbox", { name: "Name 2" }), "secure-shell");
    await user.type(screen.getByRole("textbox", { name: "Port 2" }), "22");
    expect(values().forwards).toEqual([
      { name: "web", port: "80" },
      { name: "secure", port: "22" },
    ]);

    await user.type(screen.getByRole("textbox", { name: "Port 1" }), "x");
    expect(screen.getByText("Invalid format")).toBeVisible();
    await save();
    expect(state.valid).toBe(false);

    await user.click(screen.getByRole("button", { name: "Remove row 1" }));
    await save();
    expect(state.payload).toEqual({ forwards: [{ name: "secure", port: "22" }] });
  });
});
