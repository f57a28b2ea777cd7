import { describe, expect, it } from "vitest";
import { BUILD_TIMESTAMP, STORAGE_KEYS } from "./constants";

describe("shell constants", () => {
  it("SH-CONST-002 the build timestamp the update prompt compares against is 1761733475", () => {
    expect(BUILD_TIMESTAMP).toBe(1761733475);
  });

  it("SH-CONST-007 D24 the shell's local-storage keys", () => {
    expect(STORAGE_KEYS).toEqual({
      searchCategories: "searchCategories",
      wideNav: "wideNav",
      tosAccepted: "tos_accepted_20230118",
      currentVersionTimestamp: "current_version_timestamp",
      noticesDismissedAt: "noticesDismissedAt",
    });
  });
});
