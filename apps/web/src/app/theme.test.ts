import { describe, expect, it } from "vitest";
import { DEFAULT_THEME } from "@netfleet/contracts/schemas/theme";
import { brandShades, brandedTheme, theme } from "./theme";

describe("branding", () => {
  it("SH-LAYOUT-022 the default theme keeps the product's colour; a branded theme uses its main colour", () => {
    expect(brandedTheme(DEFAULT_THEME)).toBe(theme);
    const branded = brandedTheme({ default: false, main_color: "#0ca678" });
    expect(branded.primaryColor).toBe("brand");
    expect(branded.colors?.brand?.[6]).toBe("#0ca678");
  });

  /** WCAG contrast of two `#rrggbb` colours. */
  function contrast(a: string, b: string) {
    const luminance = (hex: string) => {
      const [r, g, bl] = [1, 3, 5].map((i) => {
        const v = parseInt(hex.slice(i, i + 2), 16) / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
    };
    const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (high! + 0.05) / (low! + 0.05);
  }

  it.each(["#1b2a6b", "#0ca678", "#fab005", "#e8590c"])(
    "keeps the active item and links of a %s branding readable in light and dark mode",
    (main) => {
      const shades = brandShades(main);
      expect(shades[6]).toBe(main);
      // Light mode: a light variant's text (shade 9) on its background (shade 1).
      expect(contrast(shades[9], shades[1])).toBeGreaterThanOrEqual(4.5);
      // Dark mode: link text (shade 4) and a light variant's text (shade 0) on the page.
      const darkPage = "#242424";
      expect(contrast(shades[4], darkPage)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(shades[0], darkPage)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it("ignores a colour that is not a hex value", () => {
    expect(brandedTheme({ default: false, main_color: "red; background: url(x)" })).toBe(theme);
  });
});
