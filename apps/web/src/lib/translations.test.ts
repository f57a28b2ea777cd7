import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@netfleet/contracts/constants";
import { ALL_MESSAGES } from "../test/all-messages";

const namespaces = [...ALL_MESSAGES];

/** Words that stay as they are in every language: product and protocol names. */
const UNTRANSLATED =
  /\b(VPN|GPS|eSIM|SSH|SFTP|Telnet|I\/O|Wi-Fi|MAC|IMEI|SIM|API|UTC|Netfleet|OK|\d+(\.\d+)*)\b/g;

/** Words spelt the same in English and the language itself. */
const SAME_WORD: Readonly<Record<string, readonly string[]>> = {
  no: ["System", "Status", "Start", "Type"],
};

function needsTranslation(english: string): boolean {
  const rest = english.replace(/\{\{\s*\w+\s*\}\}/g, "").replace(UNTRANSLATED, "");
  return /\p{L}{2,}/u.test(rest);
}

describe("translations", () => {
  it("finds the namespaces", () => {
    expect(namespaces.map(([name]) => name)).toEqual(expect.arrayContaining(["common"]));
  });

  it.each(namespaces)("%s has every key in every language and no English left", (_ns, messages) => {
    const keys = Object.keys(messages.en).sort();
    for (const { code } of LANGUAGES) {
      const translated = messages[code];
      expect(Object.keys(translated).sort(), code).toEqual(keys);
      if (code === "en") continue;
      const untranslated = keys.filter(
        (key) =>
          needsTranslation(messages.en[key]!) &&
          translated[key] === messages.en[key] &&
          !SAME_WORD[code]?.includes(translated[key]!),
      );
      expect(untranslated, `${code} copies English`).toEqual([]);
      for (const key of keys) {
        const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
        expect(placeholders(translated[key]!), `${code}.${key}`).toEqual(
          placeholders(messages.en[key]!),
        );
      }
    }
  });
});
