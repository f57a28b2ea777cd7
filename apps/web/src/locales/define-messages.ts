/**
 * A namespace of translations: English is the source, and the other three languages must
 * carry exactly the same keys, which the type checker enforces.
 */
export type Messages<K extends string> = Readonly<Record<K, string>>;

export interface Namespace<K extends string> {
  en: Messages<K>;
  no: Messages<K>;
  ja: Messages<K>;
  uk: Messages<K>;
}

export function defineMessages<const E extends Record<string, string>>(
  en: E,
  others: {
    no: Messages<keyof E & string>;
    ja: Messages<keyof E & string>;
    uk: Messages<keyof E & string>;
  },
): Namespace<keyof E & string> {
  return { en, ...others };
}
