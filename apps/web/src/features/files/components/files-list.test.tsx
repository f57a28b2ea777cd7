import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { FileListItem } from "@netfleet/contracts/schemas/files";
import { failure, fakeApi, success, type FakeRequest } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";
import { testUser } from "../../../test/users";

function file(id: number, overrides: Partial<FileListItem> = {}): FileListItem {
  return {
    id,
    name: `RUTX_R_00.07.0${id}.bin`,
    type: "firmware",
    description: null,
    version: `7.0${id}`,
    file_size: 12 * 1024 * 1024,
    device_model: "RUTX11",
    company_id: 1,
    company_name: "Acme Networks",
    checksum: "ab".repeat(32),
    created_at: "2026-01-02 03:04:05",
    ...overrides,
  };
}

function page(request: FakeRequest, rows: FileListItem[]) {
  const type = request.query.get("type");
  const data = rows.filter((row) => !type || row.type === type);
  return { status: 200, body: { success: true, data, meta: { total: data.length } } };
}

function renderFiles(permissions: string[]) {
  const signedIn = testUser({ permissions: ["view_devices", "view_files", ...permissions] });
  const rows = [
    file(1),
    file(2, { type: "config", name: "site.tar", company_id: null, company_name: null }),
  ];
  const api = fakeApi()
    .on("GET", "/api/user", success(signedIn, signedIn))
    .on("GET", "/api/files", (request) => page(request, rows))
    .on("GET", "/api/storage", success([], { meta: { total: 0 } }));
  const rendered = renderApp("/management/files");
  return { api, ...rendered };
}

describe("the files page", () => {
  it("lists the files with type, size and company, each with its download button", async () => {
    renderFiles([]);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Files" }, { timeout: 5000 }),
    ).toBeVisible();
    const row = (await screen.findByText("RUTX_R_00.07.01.bin")).closest("tr")!;
    for (const text of ["Firmware", "7.01", "RUTX11", "12.00 MB", "Acme Networks"]) {
      expect(within(row).getByText(text)).toBeVisible();
    }
    expect(within(row).getByRole("button", { name: "Download RUTX_R_00.07.01.bin" })).toBeVisible();
    const global = screen.getByText("site.tar").closest("tr")!;
    expect(within(global).getByText("All companies")).toBeVisible();
    expect(within(global).getByText("Configuration backup")).toBeVisible();
    // Without upload_files: no upload, no deleting.
    expect(screen.queryByRole("button", { name: "Upload file" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Delete / })).not.toBeInTheDocument();
  });

  it("says why a download was refused", async () => {
    const { api, user } = renderFiles([]);
    const gone = failure(404, "NOT_FOUND", "The file does not exist.", "id").body;
    api.on("GET", "/api/files/1/download", () => ({
      status: 404,
      body: new Blob([JSON.stringify(gone)], { type: "application/json" }),
    }));
    await user.click(
      await screen.findByRole(
        "button",
        { name: "Download RUTX_R_00.07.01.bin" },
        { timeout: 5000 },
      ),
    );
    expect(await screen.findByText("The file does not exist.")).toBeVisible();
    expect(api.calls("GET", "/api/files/1/download")[0]?.responseType).toBe("blob");
  });

  it("offers uploading, and deleting a company's files but not global ones, to those who may", async () => {
    const { user } = renderFiles(["upload_files"]);
    const upload = await screen.findByRole("button", { name: "Upload file" }, { timeout: 5000 });
    await screen.findByText("site.tar");
    expect(screen.getByRole("button", { name: "Delete RUTX_R_00.07.01.bin" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Delete site.tar" })).not.toBeInTheDocument();

    await user.click(upload);
    const dialog = await screen.findByRole("dialog", { name: "Upload file" }, { timeout: 5000 });
    for (const label of ["Company", "Type", "File", "Device model", "Version", "Description"]) {
      expect(within(dialog).getAllByText(label).length).toBeGreaterThan(0);
    }
  });
});
