import { describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "@netfleet/contracts/constants";
import {
  SEARCH_CATEGORIES_KEY,
  allowedCategories,
  parseCategories,
  readLocalCategories,
  writeLocalCategories,
} from "./search-categories";

const ALL = [
  "view_devices",
  "view_companies",
  "view_device_remote_access",
  "view_vpn_hubs",
  "view_tags",
  "view_users",
  "view_files",
];

describe("search categories", () => {
  it("SH-SEARCH-006 D10 offers only the categories whose permission the user holds", () => {
    expect(allowedCategories({ permissions: ALL, disabledRoutes: [] })).toEqual([
      "pages",
      "devices",
      "companies",
      "remoteAccess",
      "vpnHubs",
      "tags",
      "users",
      "files",
    ]);
    expect(
      allowedCategories({ permissions: ["view_tags", "view_users"], disabledRoutes: [] }),
    ).toEqual(["pages", "tags", "users"]);
  });

  it("SH-LAYOUT-012 offers nothing, not even pages, to a user who may search no list", () => {
    expect(
      allowedCategories({ permissions: ["view_statistics", "view_reports"], disabledRoutes: [] }),
    ).toEqual([]);
  });

  it("leaves out a category whose list page the theme switched off", () => {
    expect(
      allowedCategories({
        permissions: ["view_devices", "view_device_remote_access"],
        disabledRoutes: ["remote.access"],
      }),
    ).toEqual(["pages", "devices"]);
  });

  it("SH-CONST-007 D24 keeps the choice under the key searchCategories", () => {
    expect(SEARCH_CATEGORIES_KEY).toBe("searchCategories");
    expect(STORAGE_KEYS.searchCategories).toBe("searchCategories");
  });

  it("SH-SEARCH-007 writes the choice to local storage and reads it back", () => {
    writeLocalCategories(["devices", "tags"]);
    expect(window.localStorage.getItem("searchCategories")).toBe('["devices","tags"]');
    expect(readLocalCategories()).toEqual(["devices", "tags"]);
  });

  it("reads a broken stored value as no choice", () => {
    window.localStorage.setItem("searchCategories", "{not json");
    expect(readLocalCategories()).toBeUndefined();
  });

  it("SH-SEARCH-006 keeps of a stored choice only what is allowed, in the offered order", () => {
    const allowed = ["pages", "devices", "tags"] as const;
    expect(parseCategories(["tags", "devices", "files", "bogus"], allowed)).toEqual([
      "devices",
      "tags",
    ]);
    // An empty choice is a choice; one that named only lost categories is not.
    expect(parseCategories([], allowed)).toEqual([]);
    expect(parseCategories(["files"], allowed)).toBeUndefined();
    expect(parseCategories("devices", allowed)).toBeUndefined();
    expect(parseCategories([1, 2], allowed)).toBeUndefined();
  });
});
