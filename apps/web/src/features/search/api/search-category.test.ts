import { describe, expect, it } from "vitest";
import type { SearchCategory } from "@netfleet/contracts/schemas/search";
import { fakeApi, success } from "../../../test/fake-api";
import { searchCategory } from "./search-category";

const FIELDS = "id,name,status,email,protocol,enabled,color";
const ENDPOINTS: [SearchCategory, string, string][] = [
  ["devices", "/api/devices", FIELDS],
  ["companies", "/api/companies", FIELDS],
  ["remoteAccess", "/api/devices/remote-access", FIELDS],
  ["vpnHubs", "/api/vpn/hubs", FIELDS],
  // The rows' "A" mark and file type need one field more than the shared list.
  ["tags", "/api/tags", `${FIELDS},actions`],
  ["users", "/api/users", FIELDS],
  ["files", "/api/files", `${FIELDS},type`],
];

describe("searchCategory", () => {
  it.each(ENDPOINTS)(
    "SH-HTTP-022 SH-HTTP-023 searches %s with GET %s",
    async (category, path, fields) => {
      const api = fakeApi().on("GET", path, success([], { meta: { total: 0 } }));
      await searchCategory(category, "gate way");
      expect(api.requests).toHaveLength(1);
      expect(api.requests[0]).toMatchObject({ method: "GET", path });
      expect(api.requests[0]?.search).toBe(
        `?q=gate%20way&limit=10&search-fields=name,email&fields=${fields}`,
      );
    },
  );

  it("SH-SEARCH-028 SH-SEARCH-029 reads the rows from data and the count from meta.total", async () => {
    fakeApi().on(
      "GET",
      "/api/tags",
      success(
        [
          { id: 1, name: "Core", color: "#4263eb", actions: [{ id: 3 }] },
          { id: 2, name: null, color: null },
        ],
        { meta: { total: 27 } },
      ),
    );
    const result = await searchCategory("tags", "co");
    expect(result.total).toBe(27);
    expect(result.items).toEqual([
      { id: 1, name: "Core", color: "#4263eb", actions: [{ id: 3 }] },
      { id: 2, name: null, color: null },
    ]);
  });

  it("SH-SEARCH-029 keeps each category's own fields", async () => {
    fakeApi()
      .on(
        "GET",
        "/api/devices",
        success([{ id: 5, name: "gw", status: 1, serial: "110" }], { meta: { total: 1 } }),
      )
      .on(
        "GET",
        "/api/users",
        success([{ id: 7, email: "ada@example.com" }], { meta: { total: 1 } }),
      )
      .on(
        "GET",
        "/api/vpn/hubs",
        success([{ id: 2, name: "Hub", enabled: false }], { meta: { total: 1 } }),
      )
      .on(
        "GET",
        "/api/devices/remote-access",
        success([{ id: 8, name: "Web", protocol: null }], { meta: { total: 1 } }),
      );
    expect((await searchCategory("devices", "gw")).items).toEqual([
      { id: 5, name: "gw", status: 1 },
    ]);
    expect((await searchCategory("users", "ada")).items).toEqual([
      { id: 7, email: "ada@example.com" },
    ]);
    expect((await searchCategory("vpnHubs", "hub")).items).toEqual([
      { id: 2, name: "Hub", enabled: false },
    ]);
    expect((await searchCategory("remoteAccess", "web")).items).toEqual([
      { id: 8, name: "Web", protocol: null },
    ]);
  });

  it("refuses an answer that is not a list", async () => {
    fakeApi().on("GET", "/api/devices", success({ id: 1 }));
    await expect(searchCategory("devices", "x")).rejects.toThrow();
  });
});
