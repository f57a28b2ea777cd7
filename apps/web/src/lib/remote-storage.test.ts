import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { StorageEntry } from "@netfleet/contracts/schemas/storage";
import { failure, fakeApi, success, type FakeRequest } from "../test/fake-api";
import {
  REMOTE_STORAGE_KEY,
  deleteRemoteValue,
  loadRemoteStorage,
  remoteStorageQuery,
  setRemoteValue,
} from "./remote-storage";

function client(entries?: StorageEntry[]): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (entries) queryClient.setQueryData(REMOTE_STORAGE_KEY, entries);
  return queryClient;
}

const cached = (queryClient: QueryClient) =>
  queryClient.getQueryData<StorageEntry[]>(REMOTE_STORAGE_KEY);

/** `total` entries `k1`…, sliced by the request's limit and offset. */
function storagePage(request: FakeRequest, total: number) {
  const offset = Number(request.query.get("offset"));
  const limit = Number(request.query.get("limit"));
  const all = Array.from({ length: total }, (_, i) => ({ key: `k${i + 1}`, value: i + 1 }));
  return success(all.slice(offset, offset + limit), { meta: { total } });
}

describe("remote storage", () => {
  it("FM-CALL-006 FM-ENTITY-041 reads the entries with limit 100, page after page, into one cache", async () => {
    const api = fakeApi().on("GET", "/api/storage", (request) => storagePage(request, 130));
    const queryClient = client();

    const entries = await queryClient.fetchQuery(remoteStorageQuery());

    expect(api.calls("GET", "/api/storage").map((r) => r.search)).toEqual([
      "?limit=100&offset=0",
      "?limit=100&offset=100",
    ]);
    expect(entries).toHaveLength(130);
    expect(entries[0]).toEqual({ key: "k1", value: 1 });
    expect(cached(queryClient)).toBe(entries);
  });

  it("FM-CALL-006 stops after one call when everything fits in a page", async () => {
    const api = fakeApi().on("GET", "/api/storage", (request) => storagePage(request, 2));

    expect(await loadRemoteStorage()).toEqual([
      { key: "k1", value: 1 },
      { key: "k2", value: 2 },
    ]);
    expect(api.calls("GET", "/api/storage")).toHaveLength(1);
  });

  it("FM-CALL-007 ignores a failed read: nothing is stored, as far as the console knows", async () => {
    fakeApi().on("GET", "/api/storage", failure(500, "INTERNAL", "Resting."));

    await expect(loadRemoteStorage()).resolves.toEqual([]);
  });

  it("FM-CALL-008 FM-CALL-010 sends PUT /storage/{key} with the value for a key it knows, then updates the cache", async () => {
    let cacheDuringCall: StorageEntry[] | undefined;
    const queryClient = client([
      { key: "table.devices", value: { pageSize: 20 } },
      { key: "other", value: 1 },
    ]);
    const api = fakeApi().on("PUT", "/api/storage/table.devices", () => {
      cacheDuringCall = cached(queryClient);
      return success({ key: "table.devices", value: { pageSize: 50 } });
    });

    await setRemoteValue(queryClient, "table.devices", { pageSize: 50 });

    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "PUT /api/storage/table.devices",
    ]);
    expect(api.requests[0]?.body).toEqual({ value: { pageSize: 50 } });
    // Only once the server took it.
    expect(cacheDuringCall).toContainEqual({ key: "table.devices", value: { pageSize: 20 } });
    expect(cached(queryClient)).toEqual(
      expect.arrayContaining([
        { key: "table.devices", value: { pageSize: 50 } },
        { key: "other", value: 1 },
      ]),
    );
    expect(cached(queryClient)).toHaveLength(2);
  });

  it("FM-CALL-009 FM-CALL-010 sends POST /storage with key and value for a new key, reading the entries first", async () => {
    const queryClient = client();
    const api = fakeApi()
      .on("GET", "/api/storage", success([], { meta: { total: 0 } }))
      .on("POST", "/api/storage", (request) => ({
        status: 201,
        body: { success: true, data: request.body },
      }));

    await setRemoteValue(queryClient, "searchCategories", ["devices", "tags"]);

    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /api/storage",
      "POST /api/storage",
    ]);
    expect(api.requests[1]?.body).toEqual({ key: "searchCategories", value: ["devices", "tags"] });
    expect(cached(queryClient)).toEqual([{ key: "searchCategories", value: ["devices", "tags"] }]);
  });

  it("FM-CALL-010 leaves the cache as it was when the write fails", async () => {
    const queryClient = client([{ key: "a", value: 1 }]);
    fakeApi().on("PUT", "/api/storage/a", failure(422, "VALIDATION_FAILED", "Too big.", "value"));

    await expect(setRemoteValue(queryClient, "a", 2)).rejects.toThrow("Too big.");

    expect(cached(queryClient)).toEqual([{ key: "a", value: 1 }]);
  });

  it("FM-CALL-009 FM-CALL-008 two quick writes of a new key: one POST, then a PUT", async () => {
    const queryClient = client([]);
    const api = fakeApi()
      .on("POST", "/api/storage", (request) => ({
        status: 201,
        body: { success: true, data: request.body },
      }))
      .on("PUT", "/api/storage/table.devices", (request) => success(request.body));

    await Promise.all([
      setRemoteValue(queryClient, "table.devices", { pageSize: 50 }),
      setRemoteValue(queryClient, "table.devices", { pageSize: 100 }),
    ]);

    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /api/storage",
      "PUT /api/storage/table.devices",
    ]);
    expect(cached(queryClient)).toEqual([{ key: "table.devices", value: { pageSize: 100 } }]);
  });

  it("FM-CALL-011 sends DELETE /storage/{key}, having removed the entry from the cache first", async () => {
    let cacheDuringCall: StorageEntry[] | undefined;
    const queryClient = client([
      { key: "wide", value: true },
      { key: "table.devices", value: { pageSize: 50 } },
    ]);
    const api = fakeApi().on("DELETE", "/api/storage/table.devices", () => {
      cacheDuringCall = cached(queryClient);
      return { status: 200, body: { success: true } };
    });

    await deleteRemoteValue(queryClient, "table.devices");

    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "DELETE /api/storage/table.devices",
    ]);
    expect(cacheDuringCall).toEqual([{ key: "wide", value: true }]);
    expect(cached(queryClient)).toEqual([{ key: "wide", value: true }]);
  });

  it("FM-CALL-011 keeps the entry out of the cache even when the call fails", async () => {
    const queryClient = client([{ key: "gone", value: 1 }]);
    fakeApi().on("DELETE", "/api/storage/gone", failure(500, "INTERNAL", "Resting."));

    await expect(deleteRemoteValue(queryClient, "gone")).rejects.toThrow();

    expect(cached(queryClient)).toEqual([]);
  });

  it("escapes keys in the path", async () => {
    const queryClient = client([{ key: "a/b c", value: 1 }]);
    const api = fakeApi().on("PUT", "/api/storage/a%2Fb%20c", success({}));

    await setRemoteValue(queryClient, "a/b c", 2);

    expect(api.requests[0]?.path).toBe("/api/storage/a%2Fb%20c");
  });
});
