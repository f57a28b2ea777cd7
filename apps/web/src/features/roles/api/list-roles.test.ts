import { beforeEach, describe, expect, it, vi } from "vitest";
import { failure, fakeApi, success } from "../../../test/fake-api";
import { browserLocation } from "../../../lib/browser-location";
import { setSessionState } from "../../../lib/http";
import { rememberCurrentUser } from "../../../lib/session-events";
import { listRoles } from "./list-roles";

const ROLES = [
  { id: 2, name: "admin", title: "Admin" },
  { id: 3, name: "end_user", title: "End user" },
];

beforeEach(() => {
  vi.spyOn(browserLocation, "assign").mockImplementation(() => undefined);
  rememberCurrentUser({ token: {} });
  setSessionState("authenticated");
  return () => vi.restoreAllMocks();
});

describe("listRoles", () => {
  it("asks for one page of 100 with the given filters", async () => {
    const api = fakeApi().on("GET", "/api/roles", success(ROLES, { meta: { total: 2 } }));

    const roles = await listRoles({ company_id: 7, type: "custom", sort: "title" });

    expect(roles).toEqual(ROLES);
    const query = api.calls("GET", "/api/roles")[0]?.query;
    expect(query?.get("limit")).toBe("100");
    expect(query?.get("company_id")).toBe("7");
    expect(query?.get("type")).toBe("custom");
    expect(query?.get("sort")).toBe("title");
  });

  it("FM-ERR-021 a 401 is retried after the session refresh", async () => {
    document.cookie = "nf_signed_in=1; path=/";
    let fresh = false;
    const api = fakeApi()
      .on("GET", "/api/roles", () =>
        fresh ? success(ROLES, { meta: { total: 2 } }) : failure(401, "UNAUTHORIZED", "Sign in."),
      )
      .on("POST", "/account/token/refresh", () => {
        fresh = true;
        return success({ exp: 1 });
      });

    const roles = await listRoles();

    expect(roles).toEqual(ROLES);
    expect(api.calls("GET", "/api/roles")).toHaveLength(2);
  });

  it("FM-ERR-022 any other failure gives an empty list", async () => {
    fakeApi().on("GET", "/api/roles", failure(500, "INTERNAL", "Something broke."));
    await expect(listRoles()).resolves.toEqual([]);
  });
});
