import { describe, expect, it } from "vitest";
import { DEFAULT_THEME } from "@netfleet/contracts/schemas/theme";
import { brandedTheme, theme } from "./theme";

describe("branding", () => {
  it("SH-LAYOUT-022 the default theme keeps the product's colour; a branded theme uses its main colour", () => {
    expect(brandedTheme(DEFAULT_THEME)).toBe(theme);
    const branded = brandedTheme({ default: false, main_color: "#0ca678" });
    expect(branded.primaryColor).toBe("brand");
    expect(branded.colors?.brand?.[6]).toBe("#0ca678");
  });

  it("ignores a colour that is not a hex value", () => {
    expect(brandedTheme({ default: false, main_color: "red; background: url(x)" })).toBe(theme);
  });
});
