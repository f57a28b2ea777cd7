import type { TFunction } from "../../../lib/i18n";
import {
  addListItems,
  checkCsvFile,
  csvLines,
  validationMessageKey,
  type AddListItemsResult,
  type ListItem,
  type ListItemMessages,
} from "@netfleet/contracts/validation";
import type { ListInputOptions } from "./form-types";

export type { ListItem };
/** A value the list refused, with the reason. */
export type RejectedItem = AddListItemsResult["rejected"][number];

/** The item messages in the user's language. */
function itemMessages(t: TFunction<"forms">): ListItemMessages {
  return {
    email: () => t("itemEmail"),
    number: () => t("itemNumber"),
    pattern: () => t("pattern"),
    min: (min) => t("min", { min }),
    max: (max) => t("max", { max }),
    minLength: (count) => t("minLength", { count }),
    maxLength: (count) => t("maxLength", { count }),
  };
}

/** Adds values to a list input through the contracts' list rules, reasons in the user's language. */
export function addItems(
  current: readonly ListItem[],
  raw: readonly string[],
  options: ListInputOptions,
  t: TFunction<"forms">,
): AddListItemsResult {
  return addListItems(current, raw, options, itemMessages(t));
}

/** Why a chosen CSV cannot be read (the toast's text), or null. */
export function csvFileProblem(file: File, t: TFunction<"forms">): string | null {
  const problem = checkCsvFile(file);
  if (problem === null) return null;
  return validationMessageKey(problem) === "notCsv" ? t("notCsv") : t("csvTooLarge");
}

/** The values of an uploaded CSV's text. */
export function csvFileLines(text: string): string[] {
  return csvLines(text);
}
