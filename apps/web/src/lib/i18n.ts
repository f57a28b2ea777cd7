import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGES, LAYOUT } from "@netfleet/contracts/constants";
import type { Messages } from "../locales/define-messages";
import { browserLocation } from "./browser-location";

/**
 * The console's translations. Each namespace is a file per language,
 * `locales/<language>/<namespace>.ts` (`locales/en/user-menu.ts` → `useTranslation("user-menu")`),
 * exporting `messages`; English defines the keys. Adding the files is all it takes to add a
 * namespace. Each language is one chunk, fetched when the console first speaks it: a page
 * load fetches one language, not four.
 */
export type LanguageCode = (typeof LANGUAGES)[number]["code"];

/** Where the chosen language is kept; the page reloads after a change (shell §2). */
export const LANGUAGE_STORAGE_KEY = "language";

/** Each language's namespaces (`locales/<language>.ts`), each language a chunk of its own. */
const languages = import.meta.glob<Record<string, Messages>>(
  ["../locales/*.ts", "!../locales/define-messages.ts"],
  { import: "namespaces" },
);

function isLanguage(value: string | null | undefined): value is LanguageCode {
  return LANGUAGES.some((l) => l.code === value);
}

/** The stored choice, else the browser's preferred language when we have it, else English. */
export function initialLanguage(): LanguageCode {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (privacy mode); the browser's language still applies.
  }
  if (isLanguage(stored)) return stored;
  const browser = (globalThis.navigator?.language ?? "en").slice(0, 2).toLowerCase();
  if (browser === "nb" || browser === "nn") return "no";
  return isLanguage(browser) ? browser : "en";
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: initialLanguage(),
  // Every language has every key (the type checker sees to it): nothing falls back.
  fallbackLng: false,
  defaultNS: "common",
  interpolation: { escapeValue: false },
  // Keys are flat and route names contain dots (`reports.single`): no nested lookup.
  keySeparator: false,
  initAsync: false,
  returnNull: false,
});

/** Fetches a language's chunk and hands its namespaces to i18next, once. */
export async function loadLanguage(code: LanguageCode): Promise<void> {
  if (i18n.hasResourceBundle(code, "common")) return;
  const namespaces = await languages[`../locales/${code}.ts`]!();
  for (const [path, messages] of Object.entries(namespaces)) {
    i18n.addResourceBundle(code, path.replace(/^.*\/([^/]+)\.ts$/, "$1"), messages);
  }
}

/** Settles once the first language has arrived: the console renders after it (main.tsx). */
export const i18nReady = loadLanguage(initialLanguage());

/**
 * Stores the chosen language and reloads the page after the spec's delay (1 s), so every
 * screen, and anything cached in the chosen language, starts afresh in it.
 */
export function changeLanguage(
  code: LanguageCode,
  reload: () => void = () => browserLocation.reload(),
): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Without storage a reload would forget the choice: switch this page only.
    void loadLanguage(code).then(() => i18n.changeLanguage(code));
    return;
  }
  window.setTimeout(reload, LAYOUT.languageReloadDelayMs);
}
