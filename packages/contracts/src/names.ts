import { FORBIDDEN_NAME_CHARACTERS } from "./constants";

const forbidden: ReadonlySet<string> = new Set(FORBIDDEN_NAME_CHARACTERS);

/**
 * Whether a name or file name holds any of `FORBIDDEN_NAME_CHARACTERS` (FM-VALID-028, D25).
 * A module of its own: the device list checks names without the validators' messages.
 */
export function hasForbiddenCharacters(value: string): boolean {
  return [...value].some((character) => forbidden.has(character));
}
