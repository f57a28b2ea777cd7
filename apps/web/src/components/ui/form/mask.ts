/** One mask token: which characters it takes and how it stores them. */
interface MaskToken {
  accepts: RegExp;
  transform?: (char: string) => string;
}

/** The mask tokens of forms §3 (FM-FIELD-010/011); `!` escapes the next character (012). */
export const MASK_TOKENS: Readonly<Record<string, MaskToken>> = {
  "#": { accepts: /[\d ]/u },
  "*": { accepts: /[\p{L}\p{N}]/u },
  S: { accepts: /\p{L}/u },
  F: { accepts: /[\da-f]/iu, transform: (c) => c.toUpperCase() },
  A: { accepts: /\p{L}/u, transform: (c) => c.toUpperCase() },
  a: { accepts: /\p{L}/u, transform: (c) => c.toLowerCase() },
};

const ESCAPE = "!";

/**
 * Fits typed text to a mask: characters a token refuses are dropped, literal characters
 * are inserted as the user types (typing them is accepted too), and literals that end the
 * mask are added once the last token is filled. Works like the mask directive the
 * specification describes (vue-the-mask's algorithm), so "1234" with "##-##" is "12-34".
 */
export function applyMask(raw: string, mask: string): string {
  const chars = [...raw];
  let output = "";
  let m = 0;
  let r = 0;
  while (m < mask.length && r < chars.length) {
    let maskChar = mask[m] as string;
    const char = chars[r] as string;
    const token = MASK_TOKENS[maskChar];
    if (token) {
      if (token.accepts.test(char)) {
        output += token.transform ? token.transform(char) : char;
        m++;
      }
      r++;
      continue;
    }
    if (maskChar === ESCAPE) {
      m++;
      maskChar = mask[m] ?? "";
    }
    output += maskChar;
    if (char === maskChar) r++;
    m++;
  }
  // A mask ending in literals, "(###)", closes once its last token is filled.
  let rest = "";
  while (m < mask.length && output !== "") {
    const maskChar = mask[m] as string;
    if (MASK_TOKENS[maskChar]) return output;
    if (maskChar === ESCAPE) {
      m++;
      rest += mask[m] ?? "";
    } else {
      rest += maskChar;
    }
    m++;
  }
  return output + rest;
}
