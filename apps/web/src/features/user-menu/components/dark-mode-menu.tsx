import { Menu, useMantineColorScheme } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import { type DarkMode, colorSchemeFor, darkModeFor } from "../../../lib/color-scheme";
import { SubMenuHeader } from "./sub-menu-header";

export const DARK_MODE_LABELS = {
  auto: "darkModeAuto",
  on: "darkModeOn",
  off: "darkModeOff",
} as const satisfies Record<DarkMode, string>;

const MODES = Object.keys(DARK_MODE_LABELS) as DarkMode[];

/** Auto, Enable, Disable: switches Mantine's colour scheme at once; the cookie keeps it. */
export function DarkModeMenu({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation("user-menu");
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <>
      <SubMenuHeader title={t("darkMode")} onBack={onBack} />
      <Menu.RadioGroup
        value={darkModeFor(colorScheme)}
        onChange={(value) => {
          const mode = MODES.find((m) => m === value);
          if (mode) setColorScheme(colorSchemeFor(mode));
        }}
      >
        {MODES.map((mode) => (
          <Menu.RadioItem key={mode} value={mode}>
            {t(DARK_MODE_LABELS[mode])}
          </Menu.RadioItem>
        ))}
      </Menu.RadioGroup>
    </>
  );
}
