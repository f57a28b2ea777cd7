import type { Messages } from "../locales/define-messages";
import type { LanguageCode } from "../lib/i18n";

const files = import.meta.glob<Messages>("../locales/*/*.ts", { eager: true, import: "messages" });

/** Every namespace in every language (`locales/<language>/<namespace>.ts`), for checks across them. */
export const ALL_MESSAGES = new Map<string, Record<LanguageCode, Messages>>();
for (const [path, messages] of Object.entries(files)) {
  const [, language, namespace] = /^\.\.\/locales\/([^/]+)\/([^/]+)\.ts$/.exec(path)!;
  const namespaces = ALL_MESSAGES.get(namespace!) ?? ({} as Record<LanguageCode, Messages>);
  namespaces[language as LanguageCode] = messages;
  ALL_MESSAGES.set(namespace!, namespaces);
}
