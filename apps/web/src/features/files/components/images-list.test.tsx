import { describe, expect, it } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import type { Image } from "@netfleet/contracts/schemas/images";
import { fakeApi, failure, success, type FakeRequest } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";
import { testUser } from "../../../test/users";

function image(id: number, overrides: Partial<Image> = {}): Image {
  return {
    id,
    company_id: 1,
    user_id: 7,
    name: `panel-${id}.png`,
    description: null,
    type: "device_dashboard",
    size: 2048,
    original_width: 640,
    original_height: 480,
    created_at: "2026-01-02T03:04:05.000Z",
    updated_at: "2026-01-02T03:04:05.000Z",
    ...overrides,
  };
}

/** `count` images served in pages as the API does, by limit and offset. */
function page(request: FakeRequest, count: number) {
  const limit = Number(request.query.get("limit"));
  const offset = Number(request.query.get("offset"));
  const rows = Array.from({ length: count }, (_, i) => image(i + 1)).slice(offset, offset + limit);
  return { status: 200, body: { success: true, data: rows, meta: { total: count } } };
}

function renderImages(permissions: string[], count = 2) {
  const signedIn = testUser({
    permissions: ["view_devices", "view_files", "view_images", ...permissions],
  });
  const api = fakeApi()
    .on("GET", "/api/user", success(signedIn, signedIn))
    .on("GET", "/api/images", (request) => page(request, count))
    .on(
      "GET",
      "/api/companies",
      success([{ id: 1, name: "Netfleet Demo" }], { meta: { total: 1 } }),
    );
  return { api, ...renderApp("/management/files/images") };
}

function picked(name: string, type: string, size = 68): File {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

/** Drops a file on the upload dialog's image field, as choosing it would. */
function choose(dialog: HTMLElement, file: File) {
  const zone = within(dialog).getByRole("group", { name: "Image" });
  fireEvent.drop(zone, { dataTransfer: { files: [file], types: ["Files"], items: [] } });
}

async function openUpload(user: ReturnType<typeof renderImages>["user"]) {
  await user.click(await screen.findByRole("button", { name: "Upload image" }, { timeout: 5000 }));
  return screen.findByRole("dialog", { name: "Upload image" });
}

describe("the images tab", () => {
  it("shows each image's thumbnail and facts, and pages through the images", async () => {
    const { api, user } = renderImages([], 30);
    const thumbnail = await screen.findByRole("img", { name: "panel-1.png" }, { timeout: 5000 });
    const table = screen.getByRole("table", { name: "Images" });
    expect(screen.getByRole("tab", { name: "Images", selected: true })).toBeVisible();
    expect(thumbnail).toHaveAttribute("src", "/api/images/1");
    const row = within(table).getByText("panel-1.png").closest("tr")!;
    for (const text of ["2.00 KB", "640 × 480"]) {
      expect(within(row).getByText(text)).toBeVisible();
    }
    // The company's name comes from the companies of the page's images.
    expect(await within(row).findByText("Netfleet Demo")).toBeVisible();
    expect(api.calls("GET", "/api/companies")[0]?.query.get("id")).toBe("1");
    expect(within(table).getAllByRole("row")).toHaveLength(26);

    await user.click(screen.getByRole("button", { name: /next/i }));
    expect(await screen.findByText("panel-30.png")).toBeVisible();
    expect(api.calls("GET", "/api/images").at(-1)?.query.get("offset")).toBe("25");
    // Without upload_files: neither uploading nor changing images.
    expect(screen.queryByRole("button", { name: "Upload image" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Delete / })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Edit / })).not.toBeInTheDocument();
  });

  it("says so when there are no images", async () => {
    renderImages(["upload_files"], 0);
    expect(await screen.findByText("No images yet", {}, { timeout: 5000 })).toBeVisible();
  });

  it("refuses a GIF and a 6 MB file in the browser, without calling the API", async () => {
    const { api, user } = renderImages(["upload_files"]);
    const dialog = await openUpload(user);
    choose(dialog, picked("anim.gif", "image/gif"));
    expect(await within(dialog).findByText("anim.gif is not an accepted file type")).toBeVisible();
    choose(dialog, picked("huge.png", "image/png", 6 * 1024 * 1024));
    expect(within(dialog).getByText(/Maximum file size is 5/)).toBeVisible();

    await user.click(within(dialog).getByRole("button", { name: "Upload image" }));
    expect(api.calls("POST", "/api/images")).toHaveLength(0);
  });

  it("posts a PNG as multipart with the user's company and the type, and shows the server's 422", async () => {
    const { api, user } = renderImages(["upload_files"]);
    api.on("POST", "/api/images", () =>
      failure(422, "VALIDATION_FAILED", "An image may be at most 2048 × 1080 pixels.", "image"),
    );
    const dialog = await openUpload(user);
    choose(dialog, picked("panel.png", "image/png"));
    await user.click(within(dialog).getByRole("button", { name: "Upload image" }));

    expect(
      await within(dialog).findByText("An image may be at most 2048 × 1080 pixels."),
    ).toBeVisible();
    const body = api.calls("POST", "/api/images")[0]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get("image") as File).name).toBe("panel.png");
    expect(body.get("company_id")).toBe("1");
    expect(body.get("type")).toBe("device_dashboard");
  });

  it("asks before deleting an image", async () => {
    const { api, user } = renderImages(["upload_files"]);
    api.on("DELETE", "/api/images/1", success(null));
    await user.click(
      await screen.findByRole("button", { name: "Delete panel-1.png" }, { timeout: 5000 }),
    );
    const prompt = await screen.findByRole("dialog", { name: "Delete image “panel-1.png”?" });
    expect(api.calls("DELETE", "/api/images/1")).toHaveLength(0);
    await user.click(within(prompt).getByRole("button", { name: "Delete" }));
    await screen.findByText("Image deleted successfully");
    expect(api.calls("DELETE", "/api/images/1")).toHaveLength(1);
  });
});
