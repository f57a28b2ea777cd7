import { FIRMWARE_BRAND_ID, FORBIDDEN_NAME_CHARACTERS, MONITORING } from "./constants";

/** The symbols the file-name message lists, in the order forms §5 prints them. */
export const FILE_NAME_SYMBOLS = "~ ! # $ & * ( ) { } [ ] < > ? ' | ; ` \\ / : \"";

/**
 * Every fixed sentence the validators return, in English. The console keys its
 * translations by these names (see `validationMessageKey`).
 */
export const VALIDATION_MESSAGES = {
  nameRequired: "Name is required",
  forbiddenCharacters: `Name cannot contain any of: ${FORBIDDEN_NAME_CHARACTERS.join(" ")}`,
  companyRequired: "Company is required",
  companyNameRequired: "Company name is required",
  companyNameMin: "Company name must be at least 3 characters",
  sameValue: "Please input different value to save changes",
  emailRequired: "E-mail is required",
  emailInvalid: "Enter a valid e-mail address",
  resourceCountRequired: "Resource count is required",
  resourceCountMin: "Resource count must be at least 1",
  moveAmountRequired: "Move amount is required",
  moveAmountMin: "Move amount must be at least 1",
  creditTypeRequired: "Credit type is required",
  creditPriceRequired: "Credit price is required",
  creditPriceMin: "Credit price cannot be negative",
  creditPriceStep: "Credit price can have at most two decimal places",
  proformRequired: "Proform number is required",
  codeAmountRequired: "Code amount is required",
  codeAmountMin: "Code amount must be at least 1",
  codeAmountDigits: "Code amount can only contain digits, up to 12 of them",
  codeCommentTooLong: "Comment can be at most 200 characters",
  creditCountRequired: "Credit count is required",
  creditCountLength: "Credit count can be at most 14 digits",
  systemType: "Choose the system type: rutos or tswos",
  fileRequired: "File is required",
  fileNotJson: "Choose a .json file",
  brandId: `Firmware brand id must be a number from ${FIRMWARE_BRAND_ID.min} to ${FIRMWARE_BRAND_ID.max}`,
  monitoringPeriod: `Period must be from ${MONITORING.minPeriodS} to ${MONITORING.maxPeriodS} seconds`,
  notCsv: "Not a CSV file selected",
  csvTooLarge: "File size must be lower than 80MB",
  fileName: `File name contains spaces and/or forbidden symbols: ${FILE_NAME_SYMBOLS}`,
  itemEmail: "Enter a valid e-mail address",
  itemNumber: "Enter a number",
  itemPattern: "Invalid format",
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

const keyByMessage = new Map<string, ValidationMessageKey>();
for (const [key, text] of Object.entries(VALIDATION_MESSAGES) as [ValidationMessageKey, string][]) {
  // Two keys may share a sentence: the first one names it.
  if (!keyByMessage.has(text)) keyByMessage.set(text, key);
}

/** The key of a fixed validation sentence, or undefined for a text with numbers in it. */
export function validationMessageKey(message: string): ValidationMessageKey | undefined {
  return keyByMessage.get(message);
}
