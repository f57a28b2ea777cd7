import { describe, expect, it } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import type { FileListItem } from "@netfleet/contracts/schemas/files";
import { fakeApi, success, type FakeRequest } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";
import { testUser } from "../../../test/users";

function file(id: number, overrides: Partial<FileListItem> = {}): FileListItem {
  return {
    id,
    name: `fw-${id}.bin`,
    type: "firmware",
    description: null,
    version: null,
    file_size: 1024,
    device_model: null,
    company_id: null,
    company_name: null,
    checksum: "ab".repeat(32),
    created_at: "2026-01-02 03:04:05",
    ...overrides,
  };
}

/** The list API: the caller's company files and global ones, narrowed as asked, paged. */
const STORED = [
  ...Array.from({ length: 120 }, (_, i) => file(i + 1, { company_id: 1, company_name: "Acme" })),
  file(200, { name: "global-a.bin" }),
  file(201, { name: "global.tar", type: "config" }),
];

function page(request: FakeRequest) {
  const type = request.query.get("type");
  const global = request.query.get("company_id") === "global";
  const limit = Number(request.query.get("limit"));
  const offset = Number(request.query.get("offset"));
  const rows = STORED.filter(
    (row) => (!type || row.type === type) && (!global || row.company_id === null),
  );
  const data = rows.slice(offset, offset + limit);
  return { status: 200, body: { success: true, data, meta: { total: rows.length } } };
}

describe("the global firmware page", () => {
  it("shows only firmware shared with every company, as the server narrows and pages it", async () => {
    const signedIn = testUser({
      permissions: ["view_files", "upload_files", "upload_files_global_scope"],
    });
    const api = fakeApi()
      .on("GET", "/api/user", success(signedIn, signedIn))
      .on("GET", "/api/files", page)
      .on("POST", "/api/files", { status: 201, body: { success: true, data: file(300) } });
    const { user } = renderApp("/files/global/firmware");

    const row = (await screen.findByText("global-a.bin", {}, { timeout: 5000 })).closest("tr")!;
    expect(within(row).getByRole("button", { name: "Download global-a.bin" })).toBeVisible();
    expect(screen.queryByText("fw-1.bin")).not.toBeInTheDocument();
    expect(screen.queryByText("global.tar")).not.toBeInTheDocument();
    const asked = api.calls("GET", "/api/files")[0]!.query;
    expect([asked.get("type"), asked.get("company_id")]).toEqual(["firmware", "global"]);

    await user.click(screen.getByRole("button", { name: "Upload global firmware" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload global firmware" });
    expect(within(dialog).queryByText("Company")).not.toBeInTheDocument();
    const zone = within(dialog).getByRole("group", { name: "File" });
    const chosen = new File(["fw"], "RUT9_R_00.07.10.bin");
    fireEvent.drop(zone, { dataTransfer: { files: [chosen], types: ["Files"], items: [] } });
    await user.click(within(dialog).getByRole("button", { name: "Upload file" }));

    await screen.findByText("File uploaded successfully");
    const body = api.calls("POST", "/api/files")[0]?.body as FormData;
    expect(body.get("company_id")).toBe("global");
    expect(body.get("type")).toBe("firmware");
    expect((body.get("file") as File).name).toBe("RUT9_R_00.07.10.bin");
  });
});
