import { createTheme } from "@mantine/core";

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
