import {
  type MantineColorsTuple,
  type MantineThemeOverride,
  createTheme,
  mergeThemeOverrides,
} from "@mantine/core";
import type { Theme } from "@netfleet/contracts/schemas/theme";

/** One restrained accent on Mantine's neutrals; the system font stack, so nothing loads from the network. */
export const theme = createTheme({
  primaryColor: "indigo",
  primaryShade: { light: 6, dark: 5 },
  defaultRadius: "md",
  cursorType: "pointer",
  // People who ask their system for less motion get no transitions.
  respectReducedMotion: true,
  headings: { fontWeight: "600" },
  components: {
    Table: { defaultProps: { verticalSpacing: "sm", horizontalSpacing: "md" } },
    Paper: { defaultProps: { radius: "md" } },
  },
});

/** How far each lighter shade is mixed towards white, shades 0 to 5. */
const TINTS = [0.95, 0.88, 0.76, 0.64, 0.52, 0.3];
/** How far each darker shade is mixed towards black, shades 7 to 9. */
const SHADES = [0.2, 0.38, 0.52];

/**
 * Ten shades around a brand colour, which stays shade 6 (filled buttons in light mode).
 * Mantine draws a light variant's text in shade 9 on shade 1, and dark mode's text in
 * shades 0 and 4: ten copies of one colour made the active navigation item and links
 * invisible, so the shades run from a near-white tint to a deep shade of the same hue.
 */
export function brandShades(hex: string): MantineColorsTuple {
  const rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const mix = (towards: number, t: number) =>
    `#${rgb
      .map((v) =>
        Math.round(v + (towards - v) * t)
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")}`;
  return [
    ...TINTS.map((t) => mix(255, t)),
    hex.toLowerCase(),
    ...SHADES.map((t) => mix(0, t)),
  ] as unknown as MantineColorsTuple;
}

/**
 * The console's theme for a branding (shell §3 Theme): the unbranded product keeps its
 * indigo; a branded one takes its `main_color` as the primary colour.
 */
export function brandedTheme(
  branding: Pick<Theme, "default" | "main_color">,
): MantineThemeOverride {
  if (branding.default || !/^#[0-9a-f]{6}$/i.test(branding.main_color)) return theme;
  return mergeThemeOverrides(
    theme,
    createTheme({ colors: { brand: brandShades(branding.main_color) }, primaryColor: "brand" }),
  );
}
