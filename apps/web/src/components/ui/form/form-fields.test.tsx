import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { renderFieldForm } from "./field-form-harness";

const ENDPOINT = "/api/things";

describe("FormFields", () => {
  it("shows the label with a required mark, the subtext, placeholder and add-on", () => {
    renderFieldForm({
      endpoint: ENDPOINT,
      fields: [
        {
          key: "size",
          label: "Size",
          required: true,
          placeholder: "How much",
          subtext: "Counted in gigabytes",
          addon: "GB",
        },
      ],
    });
    const input = screen.getByRole("textbox", { name: /Size/ });
    expect(input).toHaveAttribute("placeholder", "How much");
    expect(screen.getByText("Counted in gigabytes")).toBeVisible();
    expect(screen.getByText("GB")).toBeVisible();
    expect(screen.getByText("*")).toBeVisible();
  });

  it("shows a field's hint in a tooltip by its label", async () => {
    const { user, container } = renderFieldForm({
      endpoint: ENDPOINT,
      fields: [{ key: "name", label: "Name", hint: "Shown in reports" }],
    });
    const icon = container.querySelector('[data-hint="name"]');
    expect(icon).not.toBeNull();
    await user.hover(icon as Element);
    expect(await screen.findByText("Shown in reports")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Name" })).toBeVisible();
  });

  it("disables a field by value or by a function of the values", async () => {
    const { user } = renderFieldForm({
      endpoint: ENDPOINT,
      fields: [
        { key: "locked", label: "Locked", type: "checkbox" },
        { key: "name", label: "Name", disabled: (v) => v.locked === true },
        { key: "id", label: "Id", disabled: true },
      ],
    });
    expect(screen.getByRole("textbox", { name: "Id" })).toBeDisabled();
    expect(screen.getByRole("textbox", { name: "Name" })).toBeEnabled();
    await user.click(screen.getByRole("checkbox", { name: "Locked" }));
    expect(screen.getByRole("textbox", { name: "Name" })).toBeDisabled();
  });

  it("lets a field's onChange return new values for the whole form", async () => {
    const { user, values } = renderFieldForm({
      endpoint: ENDPOINT,
      fields: [
        {
          key: "name",
          label: "Name",
          onChange: (value, v) => ({ ...v, slug: String(value).toLowerCase() }),
        },
        { key: "slug", label: "Slug" },
      ],
    });
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Core");
    expect(screen.getByRole("textbox", { name: "Slug" })).toHaveValue("core");
    expect(values()).toMatchObject({ name: "Core", slug: "core" });
  });

  it("FM-FIELD-009 pasted text is trimmed and cut to the field's maxlength", async () => {
    const { user, values } = renderFieldForm({
      endpoint: ENDPOINT,
      fields: [
        { key: "name", label: "Name", maxlength: 8 },
        { key: "note", label: "Note", type: "textarea", maxlength: 5 },
      ],
    });
    await user.click(screen.getByRole("textbox", { name: "Name" }));
    await user.paste("   Gateway-West-01  ");
    expect(values().name).toBe("Gateway-");
    await user.click(screen.getByRole("textbox", { name: "Note" }));
    await user.paste("\n  hi  \n");
    expect(values().note).toBe("hi");
  });

  it("FM-FIELD-010 a masked input drops what its tokens refuse and inserts literals", async () => {
    const { user, values } = renderFieldForm({
      endpoint: ENDPOINT,
      fields: [{ key: "pin", label: "PIN", mask: "###-###" }],
    });
    await user.type(screen.getByRole("textbox", { name: "PIN" }), "12a3456");
    expect(screen.getByRole("textbox", { name: "PIN" })).toHaveValue("123-456");
    expect(values().pin).toBe("123-456");
  });

  it("FM-FIELD-011 a masked input upper-cases hex digits; the mask may depend on values", async () => {
    const { user } = renderFieldForm({
      endpoint: ENDPOINT,
      fields: [
        { key: "short", label: "Short", type: "checkbox" },
        { key: "mac", label: "MAC", mask: (v) => (v.short ? "FF:FF" : "FF:FF:FF") },
      ],
    });
    await user.type(screen.getByRole("textbox", { name: "MAC" }), "a1b2c3d4");
    expect(screen.getByRole("textbox", { name: "MAC" })).toHaveValue("A1:B2:C3");
    await user.click(screen.getByRole("checkbox", { name: "Short" }));
    await user.clear(screen.getByRole("textbox", { name: "MAC" }));
    await user.type(screen.getByRole("textbox", { name: "MAC" }), "ffee99");
    expect(screen.getByRole("textbox", { name: "MAC" })).toHaveValue("FF:EE");
  });

  it("FM-FIELD-012 a masked input keeps an escaped token as a literal", async () => {
    const { user } = renderFieldForm({
      endpoint: ENDPOINT,
      fields: [{ key: "ref", label: "Reference", mask: "!#AA" }],
    });
    await user.type(screen.getByRole("textbox", { name: "Reference" }), "xy");
    expect(screen.getByRole("textbox", { name: "Reference" })).toHaveValue("#XY");
  });

  it("FM-FIELD-013 a password field has a visibility toggle", async () => {
    const { user } = renderFieldForm({
      endpoint: ENDPOINT,
      fields: [{ key: "password", label: "Password", type: "password" }],
    });
    const input = screen.getByLabelText("Password");
    await user.type(input, "s3cret!");
    expect(input).toHaveAttribute("type", "password");
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(input).toHaveAttribute("type", "text");
    expect(input).toHaveValue("s3cret!");
  });

  it("FM-FIELD-014 Generate fills in a 16-character password", async () => {
    const { user, values } = renderFieldForm({
      endpoint: ENDPOINT,
      fields: [
        { key: "password", label: "Password", type: "password", generate: true },
        { key: "other", label: "Other", type: "password" },
      ],
    });
    expect(screen.getAllByRole("button", { name: "Generate" })).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Generate" }));
    const first = String(values().password);
    expect(first).toHaveLength(16);
    expect(first).toMatch(/[A-Z]/);
    expect(first).toMatch(/[a-z]/);
    expect(first).toMatch(/\d/);
    expect(first).toMatch(/[^A-Za-z\d]/);
    expect(screen.getByLabelText("Password")).toHaveValue(first);
    await user.click(screen.getByRole("button", { name: "Generate" }));
    expect(values().password).not.toBe(first);
  });

  it("draws radio options with their descriptions when optionDescriptionBlock is set", async () => {
    const { user, values } = renderFieldForm({
      endpoint: ENDPOINT,
      fields: [
        {
          key: "system",
          label: "System",
          type: "radio",
          optionDescriptionBlock: true,
          options: [
            { value: "rutos", label: "RutOS", description: "Routers and gateways" },
            { value: "tswos", label: "TSWOS", description: "Switches" },
          ],
        },
        {
          key: "plain",
          label: "Plain",
          type: "radio",
          options: [{ value: "a", label: "Alpha", description: "Not shown" }],
        },
      ],
    });
    const group = screen.getByRole("radiogroup", { name: "System" });
    expect(within(group).getByText("Routers and gateways")).toBeVisible();
    expect(screen.queryByText("Not shown")).not.toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "TSWOS" }));
    expect(values().system).toBe("tswos");
  });

  it("draws select, number, textarea, color and hidden fields with their values", async () => {
    const { user, save, state } = renderFieldForm({
      endpoint: ENDPOINT,
      initialValues: { kind: "b", token: "t-1", color: "#112233" },
      fields: [
        {
          key: "kind",
          label: "Kind",
          type: "select",
          options: [
            { value: "a", label: "Alpha" },
            { value: "b", label: "Beta" },
          ],
        },
        { key: "count", label: "Count", type: "number", min: 1, max: 5 },
        { key: "about", label: "About", type: "textarea" },
        { key: "color", label: "Color", type: "color" },
        { key: "token", type: "hidden" },
      ],
    });
    expect(screen.getByRole("combobox", { name: "Kind" })).toHaveValue("Beta");
    expect(screen.getByRole("textbox", { name: "Color" })).toHaveValue("#112233");
    await user.type(screen.getByRole("textbox", { name: "Count" }), "9");
    await user.type(screen.getByRole("textbox", { name: "About" }), "Edge routers");
    await save();
    expect(screen.getByText("Must be at most 5")).toBeVisible();
    await user.clear(screen.getByRole("textbox", { name: "Count" }));
    await user.type(screen.getByRole("textbox", { name: "Count" }), "3");
    await save();
    expect(state.payload).toEqual({
      kind: "b",
      count: 3,
      about: "Edge routers",
      color: "#112233",
      token: "t-1",
    });
  });

  it("shows a BaseAlert with its link and a link field, sending neither", async () => {
    const { save, state } = renderFieldForm({
      endpoint: ENDPOINT,
      fields: [
        {
          key: "notice",
          component: "BaseAlert",
          alert: { text: "Devices restart after the upload.", color: "yellow" },
          href: "https://docs.example.com/upload",
          linkText: "Read the guide",
        },
        { key: "docs", href: "https://docs.example.com", linkText: "Documentation" },
        { key: "name", label: "Name" },
      ],
    });
    expect(screen.getByRole("alert")).toHaveTextContent("Devices restart after the upload.");
    expect(screen.getByRole("link", { name: "Read the guide" })).toHaveAttribute(
      "href",
      "https://docs.example.com/upload",
    );
    expect(screen.getByRole("link", { name: "Documentation" })).toBeVisible();
    await save();
    expect(state.payload).toEqual({ name: "" });
  });
});
