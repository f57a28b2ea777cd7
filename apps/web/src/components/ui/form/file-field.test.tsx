import { describe, expect, it } from "vitest";
import { createEvent, fireEvent, screen } from "@testing-library/react";
import type { FieldDefinition } from "./form-types";
import { renderFieldForm } from "./field-form-harness";

function renderFile(field: Partial<FieldDefinition> = {}) {
  return renderFieldForm({
    endpoint: "/api/files",
    fields: [{ key: "file", label: "Document", type: "file", ...field }],
  });
}

function file(name: string, type: string, size?: number): File {
  const f = new File(["{}"], name, { type });
  if (size !== undefined) Object.defineProperty(f, "size", { value: size });
  return f;
}

/** Drops files on the field's drop zone; returns whether the page let the drop happen. */
function drop(files: File[]): { allowed: boolean } {
  const zone = screen.getByRole("group", { name: "Document" });
  const dataTransfer = { files, types: ["Files"], items: [] };
  const over = createEvent.dragOver(zone, { dataTransfer });
  fireEvent(zone, over);
  fireEvent.drop(zone, { dataTransfer });
  return { allowed: over.defaultPrevented };
}

describe("FileField", () => {
  it("FM-FIELD-026 moves from empty to a chosen file and back when cleared", async () => {
    const { user, container, values, save, state } = renderFile({ accept: ".json" });
    expect(screen.getByRole("button", { name: "Choose file" })).toBeVisible();
    const picker = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(picker, file("config.json", "application/json"));
    expect(screen.getByText("config.json")).toBeVisible();
    expect(values().file).toBeInstanceOf(File);
    await save();
    expect((state.payload?.file as File).name).toBe("config.json");

    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(screen.queryByText("config.json")).not.toBeInTheDocument();
    expect(values().file).toBeNull();
    expect(screen.getByRole("button", { name: "Choose file" })).toBeVisible();
  });

  it("FM-FIELD-027 takes a dropped file only while the field is enabled", () => {
    const { unmount, values } = renderFile();
    expect(drop([file("a.json", "application/json")]).allowed).toBe(true);
    expect(values().file).toBeInstanceOf(File);
    unmount();

    const disabled = renderFile({ disabled: true });
    expect(drop([file("a.json", "application/json")]).allowed).toBe(false);
    expect(disabled.values().file).toBeNull();
  });

  it("FM-FIELD-028 refuses a dropped file whose type is not in accept", () => {
    const { values } = renderFile({ accept: "image/png,.json" });
    drop([file("notes.txt", "text/plain")]);
    expect(values().file).toBeNull();
    expect(screen.getByText("notes.txt is not an accepted file type")).toBeVisible();
    drop([file("logo.png", "image/png")]);
    expect((values().file as File).name).toBe("logo.png");
  });

  it("FM-VALID-038 FM-VALID-039 refuses a file over the maximum, 80 MB by default", () => {
    const { values, unmount } = renderFile();
    drop([file("big.bin", "", 83_886_080)]);
    expect(values().file).toBeInstanceOf(File);
    drop([file("bigger.bin", "", 83_886_081)]);
    expect(screen.getByText("Maximum file size is 80 MB")).toBeVisible();
    expect((values().file as File).name).toBe("big.bin");
    unmount();

    renderFile({ maxSize: 1024 });
    drop([file("small.bin", "", 2048)]);
    expect(screen.getByText("Maximum file size is 1 KB")).toBeVisible();
  });

  it("FM-VALID-040 with warnings the size message is Maximum file size is 80MB", () => {
    renderFile({ warnings: true });
    drop([file("big.bin", "", 90_000_000)]);
    expect(screen.getByText("Maximum file size is 80MB")).toBeVisible();
  });

  it("FM-VALID-041 FM-VALID-043 with warnings a forbidden symbol in the name is flagged", () => {
    const { values } = renderFile({ warnings: true });
    drop([file("report#1.json", "application/json")]);
    expect(values().file).toBeNull();
    expect(
      screen.getByText(
        "File name contains spaces and/or forbidden symbols: ~ ! # $ & * ( ) { } [ ] < > ? ' | ; ` \\ / : \"",
      ),
    ).toBeVisible();
  });

  it("FM-VALID-042 with spaces disallowed a space in the name is flagged", () => {
    const { values, unmount } = renderFile({ warnings: true });
    drop([file("my report.json", "application/json")]);
    expect(values().file).toBeInstanceOf(File);
    unmount();

    const strict = renderFile({ warnings: true, disallowSpaces: true });
    drop([file("my report.json", "application/json")]);
    expect(strict.values().file).toBeNull();
    expect(screen.getByText(/File name contains spaces/)).toBeVisible();
  });

  it("takes several files with multiple", async () => {
    const { user, container, values } = renderFile({ multiple: true });
    const picker = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(picker, [
      file("a.json", "application/json"),
      file("b.json", "application/json"),
    ]);
    expect((values().file as File[]).map((f) => f.name)).toEqual(["a.json", "b.json"]);
  });
});
