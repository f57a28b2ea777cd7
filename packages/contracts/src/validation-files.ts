import { FORMAT, FORMS } from "./constants";
import { hasForbiddenCharacters } from "./names";
import { VALIDATION_MESSAGES } from "./validation-messages";

/** The file input's default maximum size, 80 MB (forms §9, FM-VALID-038). */
export const DEFAULT_MAX_FILE_SIZE = FORMS.maxFileSizeBytes;
/** A list-input CSV must be smaller than this (D16: 80 MB and above is refused). */
export const CSV_MAX_BYTES = FORMS.maxFileSizeBytes;

/** A byte count in 1024 units: "80 MB", or "80MB" when `compact`. */
export function formatFileSize(bytes: number, compact = false): string {
  const units = FORMAT.byteUnits;
  let value = bytes;
  let unit = 0;
  while (value >= FORMAT.byteBase && unit < units.length - 1) {
    value /= FORMAT.byteBase;
    unit += 1;
  }
  const number = Number.isInteger(value) ? String(value) : value.toFixed(FORMAT.byteDecimals);
  return `${number}${compact ? "" : " "}${units[unit] ?? "B"}`;
}

/**
 * "Maximum file size is 80 MB" for a file larger than `max` (FM-VALID-039); with warnings
 * on, the size is written "80MB" (FM-VALID-040). D16: a file of exactly `max` bytes passes.
 */
export function fileSizeError(size: number, max: number, warnings: boolean): string | null {
  if (size <= max) return null;
  return `Maximum file size is ${formatFileSize(max, warnings)}`;
}

/**
 * With warnings on, a file name with a forbidden symbol is flagged (FM-VALID-041), and with
 * spaces disallowed a name with a space too (FM-VALID-042). Without warnings any name passes.
 */
export function fileNameError(
  name: string,
  { warnings = false, disallowSpaces = false }: { warnings?: boolean; disallowSpaces?: boolean },
): string | null {
  if (!warnings) return null;
  const forbiddenSymbol = hasForbiddenCharacters(name);
  const spaces = disallowSpaces && /\s/u.test(name);
  return forbiddenSymbol || spaces ? VALIDATION_MESSAGES.fileName : null;
}

/** A list-input CSV must be text/csv and smaller than 80 MB (FM-VALID-044/045). */
export function checkCsvFile({ type, size }: { type: string; size: number }): string | null {
  if (type !== "text/csv") return VALIDATION_MESSAGES.notCsv;
  if (size >= CSV_MAX_BYTES) return VALIDATION_MESSAGES.csvTooLarge;
  return null;
}

/** The values of a CSV upload: one a line, trimmed, blank lines skipped (FM-VALID-046). */
export function csvLines(text: string): string[] {
  return text
    .split(/\r\n|\n|\r/u)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** The options of a list input that decide which items it takes (forms §3). */
export interface ListItemRules {
  maxItems?: number;
  uniqueItems?: boolean;
  noDupes?: boolean;
  /** "number" stores numbers; "email" checks addresses as an e-mail input does. */
  type?: "text" | "number" | "email";
  /** Matched against the whole item, as the pattern attribute is. */
  pattern?: string;
  min?: number;
  max?: number;
  minItemLength?: number;
  maxItemLength?: number;
}

export type ListItem = string | number;

export interface AddListItemsResult {
  items: ListItem[];
  rejected: { value: string; message: string }[];
  /** Whether the typed text is done with (added, blank, dropped), or kept to be fixed. */
  clearInput: boolean;
}

/** Why an item fails the checks an input of the list's type makes; the console may translate. */
export interface ListItemMessages {
  email: () => string;
  number: () => string;
  pattern: () => string;
  min: (min: number) => string;
  max: (max: number) => string;
  minLength: (count: number) => string;
  maxLength: (count: number) => string;
}

export const LIST_ITEM_MESSAGES: ListItemMessages = {
  email: () => VALIDATION_MESSAGES.itemEmail,
  number: () => VALIDATION_MESSAGES.itemNumber,
  pattern: () => VALIDATION_MESSAGES.itemPattern,
  min: (min) => `Must be at least ${min}`,
  max: (max) => `Must be at most ${max}`,
  minLength: (count) => `Must be at least ${count} characters`,
  maxLength: (count) => `Must be at most ${count} characters`,
};

// The browser's e-mail input check (HTML "valid e-mail address"), so both sides agree.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/u;

/** Whether a value passes the browser's e-mail input check. */
export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

/** Why an item fails the input's own validity (FM-VALID-051), or null. */
export function listItemError(
  value: string,
  rules: ListItemRules,
  messages: ListItemMessages = LIST_ITEM_MESSAGES,
): string | null {
  if (rules.type === "email" && !isEmail(value)) return messages.email();
  if (rules.type === "number") {
    const number = Number(value);
    if (!Number.isFinite(number)) return messages.number();
    if (rules.min !== undefined && number < rules.min) return messages.min(rules.min);
    if (rules.max !== undefined && number > rules.max) return messages.max(rules.max);
  }
  if (rules.minItemLength !== undefined && value.length < rules.minItemLength) {
    return messages.minLength(rules.minItemLength);
  }
  if (rules.maxItemLength !== undefined && value.length > rules.maxItemLength) {
    return messages.maxLength(rules.maxItemLength);
  }
  if (rules.pattern !== undefined && !new RegExp(`^(?:${rules.pattern})$`, "u").test(value)) {
    return messages.pattern();
  }
  return null;
}

/**
 * Adds typed, pasted or uploaded values to a list input's items (FM-VALID-048…052): blanks
 * are ignored, values beyond `maxItems` are ignored, a value failing validity is reported
 * and not added (the input keeps it), a duplicate is ignored with `uniqueItems` (the input
 * keeps it) and dropped with the input cleared with `noDupes`; `type: "number"` converts.
 */
export function addListItems(
  current: readonly ListItem[],
  raw: string | readonly string[],
  rules: ListItemRules,
  messages: ListItemMessages = LIST_ITEM_MESSAGES,
): AddListItemsResult {
  const items = [...current];
  const rejected: AddListItemsResult["rejected"] = [];
  let clearInput = true;
  for (const value of (typeof raw === "string" ? [raw] : raw).map((v) => v.trim())) {
    if (value === "") continue;
    if (rules.maxItems !== undefined && items.length >= rules.maxItems) continue;
    const problem = listItemError(value, rules, messages);
    if (problem !== null) {
      rejected.push({ value, message: problem });
      clearInput = false;
      continue;
    }
    const item = rules.type === "number" ? Number(value) : value;
    if (items.includes(item)) {
      if (rules.noDupes) continue;
      if (rules.uniqueItems) {
        clearInput = false;
        continue;
      }
    }
    items.push(item);
  }
  return { items, rejected, clearInput };
}
