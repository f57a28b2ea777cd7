import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { failure, fakeApi, success } from "../test/fake-api";
import { download, downloadPath, fileNameOf } from "./download";
import { ApiRequestError, setSessionState } from "./http";
import { rememberCurrentUser } from "./session-events";

/** What the browser was asked to save: each link clicked, with its name and bytes. */
function watchSaves() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return saved;
}

beforeEach(() => {
  rememberCurrentUser({ token: {} });
  setSessionState("authenticated");
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("download paths and names", () => {
  it("FM-CALL-043 fills a path's :id placeholder, and leaves one it has no value for", () => {
    expect(downloadPath("/api/files/:id/download", { id: 42 })).toBe("/api/files/42/download");
    expect(downloadPath("/api/devices/:device/files/:id", { device: "a b", id: 7 })).toBe(
      "/api/devices/a%20b/files/7",
    );
    expect(downloadPath("/api/files/:id/download")).toBe("/api/files/:id/download");
  });

  it("FM-CALL-041 takes the file name from content-disposition, the UTF-8 one first", () => {
    expect(fileNameOf(`attachment; filename="RUTX_R_00.07.10.bin"`, "file")).toBe(
      "RUTX_R_00.07.10.bin",
    );
    expect(
      fileNameOf(
        `attachment; filename="Ngrad_.bin"; filename*=UTF-8''N%C3%B8grad_%E2%9C%93.bin`,
        "x",
      ),
    ).toBe("Nøgrad_✓.bin");
    expect(fileNameOf("attachment; filename=site.tar.gz", "x")).toBe("site.tar.gz");
    expect(fileNameOf(`attachment; filename="a \\"quoted\\" name"`, "x")).toBe('a "quoted" name');
    expect(fileNameOf("attachment", "fallback.bin")).toBe("fallback.bin");
    expect(fileNameOf(undefined, "fallback.bin")).toBe("fallback.bin");
  });
});

describe("downloading through the HTTP client", () => {
  it("FM-CALL-040 asks with a GET answered as a blob, and saves it under the server's name", async () => {
    const saved = watchSaves();
    const api = fakeApi().on("GET", "/api/files/3/download", () => ({
      status: 200,
      body: new Blob(["firmware bytes"]),
      headers: { "content-disposition": `attachment; filename="RUTX_R_00.07.10.bin"` },
    }));

    await download("/api/files/:id/download", { params: { id: 3 }, fallbackName: "file.bin" });

    const [call] = api.calls("GET", "/api/files/3/download");
    expect(call?.responseType).toBe("blob");
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe("RUTX_R_00.07.10.bin");
    expect(await saved[0]!.blob.text()).toBe("firmware bytes");
  });

  it("FM-CALL-042 refreshes an expired session once and sends the download again", async () => {
    document.cookie = "nf_signed_in=1; path=/";
    const saved = watchSaves();
    let fresh = false;
    const api = fakeApi()
      .on("GET", "/api/files/3/download", () =>
        fresh
          ? { status: 200, body: new Blob(["bytes"]) }
          : {
              status: 401,
              body: new Blob([JSON.stringify(failure(401, "UNAUTHORIZED", "Sign in.").body)]),
            },
      )
      .on("POST", "/account/token/refresh", () => {
        fresh = true;
        return success({ exp: 1 });
      });

    await download("/api/files/:id/download", { params: { id: 3 }, fallbackName: "file.bin" });

    expect(api.calls("POST", "/account/token/refresh")).toHaveLength(1);
    expect(api.calls("GET", "/api/files/3/download")).toHaveLength(2);
    expect(saved.map((s) => s.name)).toEqual(["file.bin"]);
  });

  it("throws the server's refusal with its message, read from the blob, and saves nothing", async () => {
    const saved = watchSaves();
    const refusal = failure(404, "NOT_FOUND", "The file does not exist.", "id");
    fakeApi().on("GET", "/api/files/9/download", () => ({
      status: 404,
      body: new Blob([JSON.stringify(refusal.body)], { type: "application/json" }),
    }));

    const error = await download("/api/files/:id/download", {
      params: { id: 9 },
      fallbackName: "file.bin",
    }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(404);
    expect((error as ApiRequestError).message).toBe("The file does not exist.");
    expect((error as ApiRequestError).code).toBe("NOT_FOUND");
    expect(saved).toEqual([]);
  });
});
