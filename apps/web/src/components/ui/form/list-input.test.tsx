import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { ListInputOptions } from "./form-types";
import { renderFieldForm } from "./field-form-harness";

function renderList(list: ListInputOptions = {}, initial: unknown[] = []) {
  return renderFieldForm({
    endpoint: "/api/things",
    initialValues: { hosts: initial },
    fields: [{ key: "hosts", label: "Hosts", component: "ListInput", list }],
  });
}

const input = () => screen.getByRole("textbox", { name: "Hosts" });

/** Chooses a file in the CSV picker as the browser would, whatever its type. */
function chooseCsv(container: HTMLElement, file: File) {
  const picker = container.querySelector('input[type="file"]');
  if (!picker) throw new Error("No CSV picker");
  fireEvent.change(picker, { target: { files: [file] } });
}

describe("ListInput", () => {
  it("FM-FIELD-017 adds an item on Enter and on comma by default", async () => {
    const { user, values } = renderList();
    await user.type(input(), "alpha{Enter}beta,");
    expect(values().hosts).toEqual(["alpha", "beta"]);
    expect(input()).toHaveValue("");
    expect(screen.getByText("alpha")).toBeVisible();
  });

  it("FM-FIELD-019 adds an item when one of its add keys is pressed", async () => {
    const { user, values } = renderList({ addKeys: [";", "Tab"] });
    await user.type(input(), "a,b;");
    expect(values().hosts).toEqual(["a,b"]);
    await user.type(input(), "c{Enter}");
    expect(values().hosts).toEqual(["a,b"]);
  });

  it("FM-FIELD-020 adds the typed item on blur", async () => {
    const { user, values } = renderList();
    await user.type(input(), "gamma");
    await user.tab();
    expect(values().hosts).toEqual(["gamma"]);
  });

  it("FM-FIELD-021 removes an item by its close icon", async () => {
    const { user, values } = renderList({}, ["a", "b", "c"]);
    await user.click(screen.getByRole("button", { name: "Remove b" }));
    expect(values().hosts).toEqual(["a", "c"]);
  });

  it("FM-FIELD-022 D21 Backspace in an empty input removes the last item", async () => {
    const { user, values } = renderList({}, ["a", "b", "c"]);
    await user.type(input(), "x{Backspace}");
    expect(values().hosts).toEqual(["a", "b", "c"]);
    await user.type(input(), "{Backspace}");
    expect(values().hosts).toEqual(["a", "b"]);
  });

  it("FM-FIELD-023 the placeholder names the add keys, quoted", () => {
    renderList();
    expect(input()).toHaveAttribute("placeholder", "Type a value and press 'Enter' or ','");
  });

  it("FM-FIELD-018 a number list stores numbers", async () => {
    const { user, values, save, state } = renderList({ type: "number" });
    await user.type(input(), "8080,443{Enter}");
    expect(values().hosts).toEqual([8080, 443]);
    await save();
    expect(state.payload).toEqual({ hosts: [8080, 443] });
  });

  it("adds each value of a pasted list through the same rules", async () => {
    const { user, values } = renderList({ uniqueItems: true });
    await user.click(input());
    await user.paste("a, b\n\n c,a");
    expect(values().hosts).toEqual(["a", "b", "c"]);
  });

  it("FM-VALID-048 FM-VALID-049 blank items and items beyond maxItems are ignored", async () => {
    const { user, values } = renderList({ maxItems: 2 });
    await user.type(input(), "   {Enter}one{Enter}two{Enter}three{Enter}");
    expect(values().hosts).toEqual(["one", "two"]);
  });

  it("FM-VALID-050 with uniqueItems a duplicate is ignored", async () => {
    const { user, values } = renderList({ uniqueItems: true }, ["a"]);
    await user.type(input(), "a{Enter}");
    expect(values().hosts).toEqual(["a"]);
  });

  it("FM-VALID-051 an item failing validity is reported under the input and not added", async () => {
    const { user, values } = renderList({ type: "email" });
    await user.type(input(), "not-an-address{Enter}");
    expect(values().hosts).toEqual([]);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "not-an-address: Enter a valid e-mail address",
    );
    expect(input()).toHaveValue("not-an-address");
  });

  it("FM-VALID-052 with noDupes a duplicate is dropped and the input cleared", async () => {
    const { user, values } = renderList({ noDupes: true }, ["a"]);
    await user.type(input(), "a{Enter}");
    expect(values().hosts).toEqual(["a"]);
    expect(input()).toHaveValue("");
  });

  it("FM-FIELD-024 with showCsvUpload offers Upload CSV and the example download", () => {
    renderList({ showCsvUpload: true });
    expect(screen.getByRole("button", { name: "Upload CSV" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Download example" })).toHaveAttribute(
      "href",
      "/examples/list-input-example.csv",
    );
  });

  it("has no CSV upload without showCsvUpload", () => {
    renderList();
    expect(screen.queryByRole("button", { name: "Upload CSV" })).not.toBeInTheDocument();
  });

  it("FM-VALID-046 adds the trimmed, non-blank lines of an uploaded CSV", async () => {
    const { container, values } = renderList({ showCsvUpload: true, uniqueItems: true }, ["a"]);
    chooseCsv(container, new File([" a \n\n b \r\n  \nc\n"], "hosts.csv", { type: "text/csv" }));
    await waitFor(() => expect(values().hosts).toEqual(["a", "b", "c"]));
  });

  it("FM-VALID-044 a file that is not text/csv gives the toast Not a CSV file selected", async () => {
    const { container, values } = renderList({ showCsvUpload: true });
    chooseCsv(container, new File(["a\nb"], "hosts.xlsx", { type: "application/vnd.ms-excel" }));
    expect(await screen.findByText("Not a CSV file selected")).toBeInTheDocument();
    expect(values().hosts).toEqual([]);
  });

  it("FM-VALID-045 a CSV of 80 MB or more gives File size must be lower than 80MB", async () => {
    const { container, values } = renderList({ showCsvUpload: true });
    const file = new File(["a"], "hosts.csv", { type: "text/csv" });
    Object.defineProperty(file, "size", { value: 83_886_080 });
    chooseCsv(container, file);
    expect(await screen.findByText("File size must be lower than 80MB")).toBeInTheDocument();
    expect(values().hosts).toEqual([]);
  });
});
