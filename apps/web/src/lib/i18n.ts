import {
  Fragment,
  cloneElement,
  createElement,
  isValidElement,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from "react";
import { LANGUAGES, LAYOUT } from "@netfleet/contracts/constants";
import type { Messages } from "../locales/define-messages";
import { browserLocation } from "./browser-location";
import type { I18nResources } from "./i18n-resources";

/**
 * The console's translations. Each namespace is a file per language,
 * `locales/<language>/<namespace>.ts` (`locales/en/user-menu.ts` → `useTranslation("user-menu")`),
 * exporting `messages`; English defines the keys. Adding the files is all it takes to add a
 * namespace. Each language is one chunk, fetched when the console first speaks it: a page
 * load fetches one language, not four.
 *
 * Messages are flat strings with `{{name}}` placeholders, and `<0>…</0>` around the parts
 * `Trans` wraps in elements: no plurals, nesting or formats. That is all the console's
 * messages use, so this module does the lookup itself instead of a general i18n library that
 * would be most of the weight of the first page's translations.
 */
export type LanguageCode = (typeof LANGUAGES)[number]["code"];

export type Namespace = keyof I18nResources;
type KeyOf<N extends Namespace> = keyof I18nResources[N] & string;
/** `ns:key`: a key of another namespace than the translator's own. */
type QualifiedKey = { [N in Namespace]: `${N}:${KeyOf<N>}` }[Namespace];

/** Values for the message's `{{placeholders}}`, and the text to show when a key is missing. */
export type TOptions = { defaultValue?: string; ns?: Namespace } & Record<
  string,
  string | number | null | undefined
>;

/** Translates a key of namespace `N`, or of another namespace as `ns:key` or `{ ns }`. */
export interface TFunction<N extends Namespace = "common"> {
  (key: KeyOf<N> | QualifiedKey, options?: TOptions): string;
  <M extends Namespace>(key: KeyOf<M>, options: TOptions & { ns: M }): string;
  /** A key made at run time, e.g. from a route's name: its text when it has none. */
  (key: string, options: TOptions & { defaultValue: string }): string;
}

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

/** Loaded messages: language → namespace → key → message. */
const bundles = new Map<string, Map<string, Messages>>();
const listeners = new Set<() => void>();
let current: string = initialLanguage();
/** Translators handed out, one per language and namespace, so that they stay the same. */
const translators = new Map<string, TFunction<Namespace>>();

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** Fills `{{name}}` from `values`; a placeholder without a value stays as it is. */
function interpolate(message: string, values: TOptions | undefined): string {
  if (!values || !message.includes("{{")) return message;
  return message.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? whole : `${value}`;
  });
}

function lookup(language: string, ns: string, key: string, options?: TOptions): string {
  let namespace = typeof options?.ns === "string" ? options.ns : ns;
  let name = key;
  const colon = key.indexOf(":");
  if (colon > 0 && bundles.get(language)?.has(key.slice(0, colon))) {
    namespace = key.slice(0, colon);
    name = key.slice(colon + 1);
  }
  const message = bundles.get(language)?.get(namespace)?.[name] ?? options?.defaultValue ?? name;
  return interpolate(message, options);
}

function translator<N extends Namespace>(language: string, ns: N): TFunction<N> {
  const id = `${language}\u0000${ns}`;
  let t = translators.get(id);
  if (!t) {
    t = (key: string, options?: TOptions) => lookup(language, ns, key, options);
    translators.set(id, t);
  }
  return t as TFunction<N>;
}

function announce(): void {
  for (const listener of listeners) listener();
}

/** The console's translations, for code outside components and for tests. */
export const i18n = {
  get language(): string {
    return current;
  },
  /** `i18n.t("ns:key")`; a bare key is one of `common`. */
  t: ((key: string, options?: TOptions) => lookup(current, "common", key, options)) as TFunction,
  /** A translator for one language, whatever the console speaks. */
  getFixedT<N extends Namespace>(language: string, ns: N): TFunction<N> {
    return translator(language, ns);
  },
  /** Speaks `language` from now on; its messages must have been loaded. */
  changeLanguage(language: string): Promise<void> {
    if (language !== current) {
      current = language;
      announce();
    }
    return Promise.resolve();
  },
  hasResourceBundle(language: string, ns: string): boolean {
    return bundles.get(language)?.has(ns) ?? false;
  },
  addResourceBundle(language: string, ns: string, messages: Messages): void {
    let namespaces = bundles.get(language);
    if (!namespaces) bundles.set(language, (namespaces = new Map<string, Messages>()));
    namespaces.set(ns, messages);
    if (language === current) announce();
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The translator of namespace `ns` in the console's language; the component renders again
 * when the language changes.
 */
export function useTranslation<N extends Namespace>(ns: N): { t: TFunction<N>; i18n: typeof i18n } {
  const language = useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
  return { t: translator(language, ns), i18n };
}

const TAG = /<(\d+)>([\s\S]*?)<\/\1>/g;

/** Splits `text` at its `<n>…</n>` parts, each wrapped in a copy of `components[n]`. */
function wrap(text: string, components: readonly ReactElement[], values?: TOptions): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) parts.push(interpolate(text.slice(last, match.index), values));
    const component = components[Number(match[1])];
    const inner = wrap(match[2]!, components, values);
    parts.push(
      isValidElement(component)
        ? cloneElement(component, { key: parts.length }, ...inner)
        : createElement(Fragment, { key: parts.length }, ...inner),
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(interpolate(text.slice(last), values));
  return parts;
}

/**
 * A message with elements in it: `<0>…</0>` in the message is drawn as `components[0]` around
 * that text. Values fill the placeholders after the message is split, so a value cannot add
 * elements of its own.
 */
export function Trans<N extends Namespace>({
  t,
  i18nKey,
  values,
  components,
}: {
  t: TFunction<N>;
  i18nKey: KeyOf<N> | QualifiedKey;
  values?: TOptions;
  components: readonly ReactElement[];
}): ReactNode {
  // The message is read without values: they are filled in per text part, below.
  return createElement(Fragment, null, ...wrap(t(i18nKey), components, values));
}

/** Fetches a language's chunk and hands its namespaces over, once. */
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
