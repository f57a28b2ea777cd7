import type { TFunction } from "../../../lib/i18n";
import {
  DEFAULT_MAX_FILE_SIZE,
  fileNameError,
  fileSizeError,
  formatFileSize,
} from "@netfleet/contracts/validation";
import { FILE_NAME_SYMBOLS } from "@netfleet/contracts/validation-messages";
import { isAcceptedFile } from "./file-accept";
import type { FieldDefinition } from "./form-types";

/**
 * Why a chosen or dropped file is refused, in the user's language, or null: its type is
 * not in `accept` (FM-FIELD-028), it is larger than `maxSize` (FM-VALID-038…040) or, with
 * `warnings`, its name has forbidden symbols or spaces (FM-VALID-041…043).
 */
export function chosenFileProblem(
  file: File,
  field: FieldDefinition,
  t: TFunction<"forms">,
): string | null {
  if (!isAcceptedFile(file, field.accept)) return t("fileTypeRejected", { name: file.name });
  const max = field.maxSize ?? DEFAULT_MAX_FILE_SIZE;
  const warnings = field.warnings === true;
  if (fileSizeError(file.size, max, warnings) !== null) {
    return t("fileTooLarge", { size: formatFileSize(max, warnings) });
  }
  const nameRules = { warnings, disallowSpaces: field.disallowSpaces };
  if (fileNameError(file.name, nameRules) !== null) {
    return t("fileName", { symbols: FILE_NAME_SYMBOLS });
  }
  return null;
}
