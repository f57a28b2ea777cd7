import {
  type MantineThemeOverride,
  colorsTuple,
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
    createTheme({ colors: { brand: colorsTuple(branding.main_color) }, primaryColor: "brand" }),
  );
}
