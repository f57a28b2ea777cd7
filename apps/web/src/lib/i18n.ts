import i18next, { type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGES, LAYOUT } from "@netfleet/contracts/constants";
import type { Namespace } from "../locales/define-messages";
import { browserLocation } from "./browser-location";

/**
 * The console's translations. Each file in `locales/` is one namespace named after the file
 * (`locales/user-menu.ts` → `useTranslation("user-menu")`) and exports `messages` in the
 * four languages; adding a file is all it takes to add a namespace.
 */
export type LanguageCode = (typeof LANGUAGES)[number]["code"];

/** Where the chosen language is kept; the page reloads after a change (shell §2). */
export const LANGUAGE_STORAGE_KEY = "language";

const modules = import.meta.glob<{ messages: Namespace<string> }>(
  ["../locales/*.ts", "!../locales/*.test.ts"],
  {
    eager: true,
  },
);

function buildResources(): Resource {
  const resources: Resource = { en: {}, no: {}, ja: {}, uk: {} };
  for (const [path, mod] of Object.entries(modules)) {
    if (!("messages" in mod)) continue;
    const ns = path.replace(/^.*\/([^/]+)\.ts$/, "$1");
    for (const { code } of LANGUAGES) resources[code]![ns] = mod.messages[code];
  }
  return resources;
}

export const NAMESPACES = Object.keys(modules)
  .filter((path) => "messages" in modules[path]!)
  .map((path) => path.replace(/^.*\/([^/]+)\.ts$/, "$1"));

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
  resources: buildResources(),
  lng: initialLanguage(),
  fallbackLng: "en",
  ns: NAMESPACES,
  defaultNS: "common",
  interpolation: { escapeValue: false },
  // Keys are flat and route names contain dots (`reports.single`): no nested lookup.
  keySeparator: false,
  initAsync: false,
  returnNull: false,
});

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
    void i18n.changeLanguage(code);
    return;
  }
  window.setTimeout(reload, LAYOUT.languageReloadDelayMs);
}
