import fs from "node:fs";
import path from "node:path";
import { DEFAULT_THEME, themeSchema, type Theme } from "@netfleet/contracts/schemas/theme";

/**
 * A theme file holds any subset of the theme's fields; unknown keys are refused so that a
 * misspelt field is reported instead of silently ignored.
 */
const themeFileSchema = themeSchema.partial().strict();

/**
 * The console's theme: the default one (with the operator's buy link, if any), or that
 * merged with the operator's file. A file that cannot be read or does not validate
 * throws, which stops the server at start with the reason.
 */
export function loadTheme(file: string | undefined, buyUrl?: string): Theme {
  const base: Theme = buyUrl ? { ...DEFAULT_THEME, buy_link: buyUrl } : DEFAULT_THEME;
  if (!file) return base;
  const where = path.resolve(file);
  let text: string;
  try {
    text = fs.readFileSync(where, "utf8");
  } catch (err) {
    throw new Error(`THEME_FILE ${where} cannot be read: ${describe(err)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`THEME_FILE ${where} is not valid JSON: ${describe(err)}`);
  }
  const result = themeFileSchema.safeParse(json);
  if (!result.success) {
    const lines = result.error.issues.map(
      (i) => `  ${i.path.length ? i.path.join(".") : "(the file)"}: ${i.message}`,
    );
    throw new Error(`THEME_FILE ${where} is not a valid theme:\n${lines.join("\n")}`);
  }
  // Whatever the file says, a configured theme is a branded one.
  return { ...base, ...result.data, default: false };
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
