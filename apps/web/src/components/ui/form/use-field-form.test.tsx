import { describe, expect, it } from "vitest";
import { act, screen } from "@testing-library/react";
import { z } from "zod";
import { CURRENT_USER_KEY } from "../../../lib/viewer";
import { testUser } from "../../../test/users";
import { renderFieldForm } from "./field-form-harness";
import { markPasswordConfirmation } from "./use-field-form";

const ENDPOINT = "/api/things";

describe("useFieldForm", () => {
  it("FM-FIELD-004 required, min, maxlength and pattern may be functions of the form values", async () => {
    const { user, save, state } = renderFieldForm({
      endpoint: ENDPOINT,
      fields: [
        { key: "strict", label: "Strict", type: "checkbox" },
        { key: "name", label: "Name", required: (v) => v.strict === true },
        { key: "code", label: "Code", pattern: (v) => (v.strict ? "[A-Z]+" : undefined) },
        { key: "note", label: "Note", maxlength: (v) => (v.strict ? 3 : undefined) },
        { key: "count", label: "Count", type: "number", min: (v) => (v.strict ? 10 : 0) },
      ],
    });
    await user.type(screen.getByRole("textbox", { name: "Code" }), "abc");
    await user.type(screen.getByRole("textbox", { name: "Note" }), "long text");
    await user.type(screen.getByRole("textbox", { name: "Count" }), "5");
    await save();
    expect(state.valid).toBe(true);

    await user.click(screen.getByRole("checkbox", { name: "Strict" }));
    await save();
    expect(state.valid).toBe(false);
    expect(screen.getByText("This field is required")).toBeVisible();
    expect(screen.getByText("Invalid format")).toBeVisible();
    expect(screen.getByText("Must be at most 3 characters")).toBeVisible();
    expect(screen.getByText("Must be at least 10")).toBeVisible();
  });

  it("FM-FIELD-005 a field whose depends fails is not shown", async () => {
    const { user } = renderFieldForm({
      endpoint: ENDPOINT,
      fields: [
        { key: "remote", label: "Remote", type: "checkbox" },
        { key: "host", label: "Host", depends: (v) => v.remote === true },
      ],
    });
    expect(screen.queryByRole("textbox", { name: "Host" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Remote" }));
    expect(screen.getByRole("textbox", { name: "Host" })).toBeVisible();
  });

  it("FM-FIELD-006 a field hidden by depends has its value cleared and is not sent", async () => {
    const { user, save, state, values } = renderFieldForm({
      endpoint: ENDPOINT,
      fields: [
        { key: "remote", label: "Remote", type: "checkbox" },
        { key: "host", label: "Host", depends: (v) => v.remote === true },
      ],
      initialValues: { remote: true, host: "" },
    });
    await user.type(screen.getByRole("textbox", { name: "Host" }), "10.0.0.1");
    expect(values().host).toBe("10.0.0.1");

    await user.click(screen.getByRole("checkbox", { name: "Remote" }));
    expect(values().host).toBe("");
    await save();
    expect(state.payload).toEqual({ remote: false });

    await user.click(screen.getByRole("checkbox", { name: "Remote" }));
    expect(screen.getByRole("textbox", { name: "Host" })).toHaveValue("");
  });

  it("FM-FIELD-007 a field's server error is cleared when its value changes", async () => {
    const { user, form } = renderFieldForm({
      endpoint: ENDPOINT,
      fields: [
        { key: "name", label: "Name" },
        { key: "email", label: "E-mail", type: "email" },
      ],
    });
    act(() => form().setServerErrors({ name: "Name is taken", email: "Unknown domain" }));
    expect(screen.getByText("Name is taken")).toBeVisible();

    await user.type(screen.getByRole("textbox", { name: "Name" }), "x");
    expect(screen.queryByText("Name is taken")).not.toBeInTheDocument();
    expect(screen.getByText("Unknown domain")).toBeVisible();
  });

  it("FM-FIELD-008 a field with a permission shows only to users holding it", async () => {
    const schema = {
      endpoint: ENDPOINT,
      fields: [
        { key: "name", label: "Name" },
        { key: "price", label: "Price", permission: "create_tags" as const },
      ],
    };
    const { queryClient, unmount } = renderFieldForm(schema);
    expect(screen.queryByRole("textbox", { name: "Price" })).not.toBeInTheDocument();
    act(() => {
      queryClient.setQueryData(CURRENT_USER_KEY, testUser({ permissions: ["create_tags"] }));
    });
    expect(await screen.findByRole("textbox", { name: "Price" })).toBeVisible();
    unmount();

    renderFieldForm(schema, { permissions: new Set(["view_devices"]) });
    expect(screen.getByRole("textbox", { name: "Name" })).toBeVisible();
    expect(screen.queryByRole("textbox", { name: "Price" })).not.toBeInTheDocument();
  });

  it("FM-FIELD-015 a password error marks password_confirmation invalid without a message", async () => {
    const { user, save, form } = renderFieldForm({
      endpoint: ENDPOINT,
      fields: [
        { key: "password", label: "Password", type: "password", minlength: 8 },
        { key: "password_confirmation", label: "Repeat password", type: "password" },
      ],
    });
    await user.type(screen.getByLabelText("Password"), "short");
    await save();
    expect(screen.getByText("Must be at least 8 characters")).toBeVisible();
    expect(screen.getByLabelText("Repeat password")).toHaveAttribute("aria-invalid", "true");
    expect(form().errors.password_confirmation).toBe("");

    act(() => form().setServerErrors({ password: "Too common" }));
    expect(screen.getByLabelText("Repeat password")).toHaveAttribute("aria-invalid", "true");
  });

  it("FM-FIELD-015 markPasswordConfirmation leaves forms without a confirmation alone", () => {
    expect(markPasswordConfirmation({ password: "Weak" }, ["password"])).toEqual({
      password: "Weak",
    });
    expect(markPasswordConfirmation({ name: "Taken" })).toEqual({ name: "Taken" });
    expect(markPasswordConfirmation({ password: "Weak" })).toEqual({
      password: "Weak",
      password_confirmation: "",
    });
  });

  it("sends checkbox trueValue / falseValue, then the schema's transform", async () => {
    const { user, save, state } = renderFieldForm({
      endpoint: ENDPOINT,
      initialValues: { overwrite: "yes", name: "Core" },
      fields: [
        { key: "name", label: "Name" },
        {
          key: "overwrite",
          label: "Overwrite",
          type: "checkbox",
          trueValue: "yes",
          falseValue: "no",
        },
      ],
      transform: (values) => ({ ...values, name: String(values.name).toUpperCase() }),
    });
    expect(screen.getByRole("checkbox", { name: "Overwrite" })).toBeChecked();
    await save();
    expect(state.payload).toEqual({ name: "CORE", overwrite: "yes" });
    await user.click(screen.getByRole("checkbox", { name: "Overwrite" }));
    await save();
    expect(state.payload).toEqual({ name: "CORE", overwrite: "no" });
  });

  it("puts the errors of the schema's zod validation under their fields", async () => {
    const { user, save, state } = renderFieldForm({
      endpoint: ENDPOINT,
      fields: [{ key: "email", label: "E-mail", type: "email" }],
      validation: z.object({ email: z.email({ message: "Enter a valid e-mail address" }) }),
    });
    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "not-an-address");
    await save();
    expect(state.valid).toBe(false);
    expect(screen.getByText("Enter a valid e-mail address")).toBeVisible();
  });

  it("runs a field's own validate after the built-in rules", async () => {
    const { user, save, state } = renderFieldForm({
      endpoint: ENDPOINT,
      fields: [
        {
          key: "name",
          label: "Name",
          required: true,
          validate: (value) => (value === "root" ? "This name is reserved" : null),
        },
      ],
    });
    await save();
    expect(screen.getByText("This field is required")).toBeVisible();
    await user.type(screen.getByRole("textbox", { name: "Name" }), "root");
    await save();
    expect(state.valid).toBe(false);
    expect(screen.getByText("This name is reserved")).toBeVisible();
  });
});
