import type { MantineColorScheme, MantineColorSchemeManager } from "@mantine/core";
import { DARK_MODE_VALUES, WIRE } from "@netfleet/contracts/constants";
import { readCookie } from "./http";

/**
 * Dark mode as the user menu offers it (shell §2): Auto, Enable, Disable, stored in the
 * `darkMode` cookie as `auto`, `on` or `off` (decision D24). Mantine keeps its colour
 * scheme through a manager; this one reads and writes that cookie, so the choice survives
 * reloads and is the same in every tab.
 */
export type DarkMode = (typeof DARK_MODE_VALUES)[number];

export const DARK_MODE_COOKIE = WIRE.darkModeCookie;

const ONE_YEAR_S = 365 * 24 * 60 * 60;

const SCHEME_BY_MODE: Record<DarkMode, MantineColorScheme> = {
  auto: "auto",
  on: "dark",
  off: "light",
};

function isDarkMode(value: string | undefined): value is DarkMode {
  return DARK_MODE_VALUES.some((mode) => mode === value);
}

/** The stored choice; Auto (follow the system) when there is none. */
export function readDarkMode(): DarkMode {
  const stored = readCookie(DARK_MODE_COOKIE);
  return isDarkMode(stored) ? stored : "auto";
}

export function writeDarkMode(mode: DarkMode): void {
  document.cookie = `${DARK_MODE_COOKIE}=${mode}; path=/; max-age=${ONE_YEAR_S}; SameSite=Lax`;
}

export function colorSchemeFor(mode: DarkMode): MantineColorScheme {
  return SCHEME_BY_MODE[mode];
}

export function darkModeFor(scheme: MantineColorScheme): DarkMode {
  return scheme === "dark" ? "on" : scheme === "light" ? "off" : "auto";
}

/** Mantine's colour scheme, kept in the `darkMode` cookie. */
export function cookieColorSchemeManager(): MantineColorSchemeManager {
  return {
    // Without a cookie the provider's default applies (Auto).
    get: (defaultValue) => {
      const stored = readCookie(DARK_MODE_COOKIE);
      return isDarkMode(stored) ? colorSchemeFor(stored) : defaultValue;
    },
    set: (value) => writeDarkMode(darkModeFor(value)),
    // Cookies raise no events; another tab's change applies on its next load.
    subscribe: () => undefined,
    unsubscribe: () => undefined,
    clear: () => {
      document.cookie = `${DARK_MODE_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
    },
  };
}
