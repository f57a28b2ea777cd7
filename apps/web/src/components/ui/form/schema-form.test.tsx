import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { type FakeReply, deferred, failure, fakeApi, success } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import type { FormSchema } from "./form-types";
import { SchemaForm } from "./schema-form";

vi.mock("../dialog/action-status-dialog", () => ({ openActionStatusDialog: vi.fn() }));
vi.mock("../dialog/error-dialog", () => ({ openErrorDialog: vi.fn() }));

const SCHEMA: FormSchema = {
  endpoint: "/api/tags",
  fields: [
    { key: "name", label: "Name", required: true },
    { key: "description", label: "Description" },
  ],
  hideMessages: true,
  reload: false,
};

function dialogProps() {
  return { dialogId: "new-tag", close: vi.fn(), scrollToTop: vi.fn() };
}

function show(schema: Partial<FormSchema> = {}) {
  const dialog = dialogProps();
  const view = renderPage(<SchemaForm schema={{ ...SCHEMA, ...schema }} dialog={dialog} />);
  return { ...view, dialog };
}

describe("SchemaForm", () => {
  it("Enter submits the visible values and success closes the dialog", async () => {
    const api = fakeApi().on("POST", "/api/tags", success({ id: 1 }));
    const { user, dialog } = show();

    await user.type(screen.getByRole("textbox", { name: /name/i }), "Lab{Enter}");

    await vi.waitFor(() => expect(dialog.close).toHaveBeenCalled());
    expect(api.calls("POST", "/api/tags")[0]?.body).toMatchObject({ name: "Lab" });
  });

  it("a form failing its rules sends nothing and focuses the first invalid field", async () => {
    const api = fakeApi();
    const { user } = show();

    await user.click(screen.getByRole("button", { name: "Save" }));

    const name = screen.getByRole("textbox", { name: /name/i });
    await vi.waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(api.requests).toHaveLength(0);
  });

  it("FM-SUBMIT-002 the button waits while the call is under way", async () => {
    const answer = deferred<FakeReply>();
    const api = fakeApi().on("POST", "/api/tags", () => answer.promise);
    const { user } = show({ submitText: "Create tag" });

    await user.type(screen.getByRole("textbox", { name: /name/i }), "Lab");
    const button = screen.getByRole("button", { name: "Create tag" });
    await user.click(button);
    await user.click(button);

    expect(button).toHaveAttribute("data-loading", "true");
    answer.resolve(success({ id: 1 }));
    await vi.waitFor(() => expect(button).not.toHaveAttribute("data-loading"));
    expect(api.calls("POST", "/api/tags")).toHaveLength(1);
  });

  it("FM-ERR-004 FM-ERR-010 shows field errors under fields and the rest in a list", async () => {
    fakeApi().on("POST", "/api/tags", {
      status: 422,
      body: {
        success: false,
        errors: [
          { code: "V", message: "Name is taken", source: "name" },
          { code: "C", message: "Tag limit reached", source: null },
          { code: "C", message: "Company is archived", source: null },
        ],
      },
    });
    const { user, dialog } = show();

    await user.type(screen.getByRole("textbox", { name: /name/i }), "Lab{Enter}");

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Tag limit reached");
    expect(alert).toHaveTextContent("Company is archived");
    expect(screen.getByText("Name is taken")).toBeInTheDocument();
    expect(dialog.scrollToTop).toHaveBeenCalled();
    expect(dialog.close).not.toHaveBeenCalled();
  });

  it("FM-ERR-011 lists file errors with name and line", async () => {
    fakeApi().on("POST", "/api/tags", failure(422, "V", "Invalid serial", "file/devices.csv/3/12"));
    const { user } = show();

    await user.type(screen.getByRole("textbox", { name: /name/i }), "Lab{Enter}");

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Invalid serial (devices.csv, line 3 in 12)",
    );
  });

  it("Cancel closes the dialog without sending", async () => {
    const api = fakeApi();
    const { user, dialog } = show();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(dialog.close).toHaveBeenCalled();
    expect(api.requests).toHaveLength(0);
  });
});
