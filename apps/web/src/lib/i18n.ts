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
import { FRAME_NAMESPACES } from "../locales/frame";
import { browserLocation } from "./browser-location";
import { afterFirstPaint } from "./first-paint";
import type { I18nResources } from "./i18n-resources";

/**
 * The console's translations. Each namespace is a file per language,
 * `locales/<language>/<namespace>.ts` (`locales/en/user-menu.ts` → `useTranslation("user-menu")`),
 * exporting `messages`; English defines the keys. Adding the files is all it takes to add a
 * namespace. A page load fetches one language, not four, in two chunks: what start-up, the
 * console's frame and the device list speak (locales/frame.ts) before the first screen, the
 * rest once the page has shown. A namespace of the frame's list is a choice of the build:
 * one used before the page has shown but left off the list would show its keys.
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

/**
 * Every namespace of every language, `locales/<language>/<namespace>.ts`. The build puts a
 * language's frame namespaces in one chunk and the rest in another (vite.config.ts).
 */
const messageFiles = import.meta.glob<Messages>("../locales/*/*.ts", { import: "messages" });

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
/** Changes with the language and with each bundle of its messages that arrives. */
let version = 0;
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
  version++;
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
 * when the language changes or more of its messages arrive.
 */
export function useTranslation<N extends Namespace>(ns: N): { t: TFunction<N>; i18n: typeof i18n } {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  return { t: translator(current, ns), i18n };
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

const loading = new Map<string, Promise<void>>();

/** Fetches the namespaces of `code` that `wanted` picks and hands them over, once. */
function loadMessages(code: LanguageCode, wanted: (ns: string) => boolean): Promise<void> {
  const files = Object.entries(messageFiles).flatMap(([path, load]) => {
    const [, language, ns] = /\/([^/]+)\/([^/]+)\.ts$/.exec(path)!;
    return language === code && wanted(ns!) ? [{ path, ns: ns!, load }] : [];
  });
  return Promise.all(
    files.map(({ path, ns, load }) => {
      let pending = loading.get(path);
      if (!pending) {
        pending = load().then((messages) => i18n.addResourceBundle(code, ns, messages));
        // A failed fetch may be tried again.
        pending.catch(() => loading.delete(path));
        loading.set(path, pending);
      }
      return pending;
    }),
  ).then(() => undefined);
}

/** Fetches every namespace of a language (its two chunks), once. */
export function loadLanguage(code: LanguageCode): Promise<void> {
  return loadMessages(code, () => true);
}

/**
 * Waits for the rest of the console's language (what the frame does not speak) besides
 * `load`: pages other than the device list, and parts that load when first opened, go
 * through it.
 */
export function withAllMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    Promise.all([load(), loadLanguage(current as LanguageCode)]).then(([loaded]) => loaded);
}

/** Settles once the frame's messages have arrived: the console renders after them (main.tsx). */
export const i18nReady = loadMessages(initialLanguage(), (ns) => FRAME_NAMESPACES.includes(ns));

// The rest comes once the first page has shown, unless a page or a part asked for it sooner.
void i18nReady
  .then(afterFirstPaint)
  .then(() => loadLanguage(current as LanguageCode))
  .catch(() => undefined);

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
