/**
 * Translations, one file per namespace and language: `locales/en/<namespace>.ts` defines the
 * namespace (English is the source of its keys), and `locales/<language>/<namespace>.ts`
 * translates it with exactly the same keys, which the type checker enforces.
 */
export type Messages<K extends string = string> = Readonly<Record<K, string>>;

/** A namespace's English messages: `export const messages = defineMessages({ … })`. */
export function defineMessages<const E extends Record<string, string>>(
  en: E,
): Messages<keyof E & string> {
  return en;
}

/** A translation of the English messages `E`: `export const messages: Translation<typeof en> = { … }`. */
export type Translation<E extends Messages> = Messages<keyof E & string>;
