import { describe, expect, it } from "vitest";
import { sameOriginTarget } from "./browser-location";

describe("sameOriginTarget", () => {
  it("keeps paths and absolute URLs of this origin", () => {
    expect(sameOriginTarget("/account/settings?tab=tokens", "/fallback")).toBe(
      "/account/settings?tab=tokens",
    );
    expect(sameOriginTarget(`${window.location.origin}/management/devices`, "/fallback")).toBe(
      `${window.location.origin}/management/devices`,
    );
  });

  it.each([
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "javascript:alert(1)",
    "",
    null,
  ])("falls back for %j", (target) => {
    expect(sameOriginTarget(target, "/fallback")).toBe("/fallback");
  });
});
