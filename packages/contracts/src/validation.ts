import { z } from "zod";
import { CREDITS, FIRMWARE_BRAND_ID, FORBIDDEN_NAME_CHARACTERS, MONITORING } from "./constants";
import { boundedId, textSchema } from "./schemas/common";
import { hasForbiddenCharacters } from "./names";
import { isEmail } from "./validation-files";
import { VALIDATION_MESSAGES } from "./validation-messages";

/**
 * Validation rules of the console's forms (forms §5, FM-VALID), shared by the server's
 * request schemas and the console's client rules. Pure and isomorphic: no DOM, no I/O.
 *
 * Validators return English text, the same sentence the API puts in an error's
 * `message`. Every fixed sentence is in `VALIDATION_MESSAGES`, so the console can find a
 * message's key with `validationMessageKey` and show its own translation instead; the few
 * texts with numbers in them are built by exported functions the console can mirror.
 */
export {
  VALIDATION_MESSAGES,
  validationMessageKey,
  type ValidationMessageKey,
} from "./validation-messages";
export * from "./validation-files";
export * from "./validation-firmware";

/** The characters names may not contain (D25: one set for names and file names). */
export { FORBIDDEN_NAME_CHARACTERS };

/** A name: trimmed, required, free of forbidden characters (FM-VALID-028). */
export const nameSchema = textSchema({ error: VALIDATION_MESSAGES.nameRequired, trim: true })
  .min(1, { error: VALIDATION_MESSAGES.nameRequired, abort: true })
  .refine((name) => !hasForbiddenCharacters(name), VALIDATION_MESSAGES.forbiddenCharacters);

/** The Company field of create forms (D20): a company id, required (FM-VALID-004). */
export const companyIdSchema = boundedId({ error: VALIDATION_MESSAGES.companyRequired });

/** A company's name: required, at least 3 characters (FM-VALID-001/002). */
export const companyNameSchema = textSchema({
  error: VALIDATION_MESSAGES.companyNameRequired,
  trim: true,
})
  .min(1, { error: VALIDATION_MESSAGES.companyNameRequired, abort: true })
  .min(3, VALIDATION_MESSAGES.companyNameMin);

/**
 * Renaming to the current value changes nothing: the console blocks it with this toast
 * instead of sending the request. Null when the new value differs.
 */
export function sameValueBlocked(current: string, next: string): string | null {
  return current.trim() === next.trim() ? VALIDATION_MESSAGES.sameValue : null;
}

/** An e-mail field: required, of the email type (FM-VALID-005/006). */
export const emailSchema = textSchema({ error: VALIDATION_MESSAGES.emailRequired, trim: true })
  .min(1, { error: VALIDATION_MESSAGES.emailRequired, abort: true })
  .refine(isEmail, VALIDATION_MESSAGES.emailInvalid);

/** A required whole number of at least 1, with the field's own messages. */
function countSchema(required: string, min: string) {
  return z.number({ error: required }).int(min).min(1, min);
}

/** Resource count: required, at least 1 (FM-VALID-007). */
export const resourceCountSchema = countSchema(
  VALIDATION_MESSAGES.resourceCountRequired,
  VALIDATION_MESSAGES.resourceCountMin,
);

/** Move amount: required, at least 1 (FM-VALID-008). */
export const moveAmountSchema = countSchema(
  VALIDATION_MESSAGES.moveAmountRequired,
  VALIDATION_MESSAGES.moveAmountMin,
);

/** The credit types that are paid for: only those carry a price and a proform number. */
export const PAID_CREDIT_TYPES: readonly number[] = CREDITS.paidCreditTypes;

/** Whether a credit type is paid (FM-VALID-010). */
export function isPaidCreditType(creditTypeId: number): boolean {
  return PAID_CREDIT_TYPES.includes(creditTypeId);
}

/** Credit price: required, at least 0, in steps of 0.01 (FM-VALID-009). */
export const creditPriceSchema = z
  .number({ error: VALIDATION_MESSAGES.creditPriceRequired })
  .min(0, VALIDATION_MESSAGES.creditPriceMin)
  // Cents compared after rounding: 0.1 + 0.2 is a valid price even in binary floating point.
  .refine(
    (price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6,
    VALIDATION_MESSAGES.creditPriceStep,
  );

/**
 * The new-credits form: price and proform number are asked, and required, for paid
 * credit types only (FM-VALID-009…011); for free types they are dropped.
 */
export const creditPoolBodySchema = z
  .object({
    company_id: companyIdSchema,
    credit_type_id: boundedId({ error: VALIDATION_MESSAGES.creditTypeRequired }),
    credit_count: resourceCountSchema,
    credit_price: z.unknown().optional(),
    pro_form_nr: z.unknown().optional(),
  })
  .transform((body, ctx) => {
    const { credit_price: price, pro_form_nr: proform, ...rest } = body;
    if (!isPaidCreditType(body.credit_type_id)) return rest;
    const checked = creditPriceSchema.safeParse(price);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        ctx.addIssue({ code: "custom", message: issue.message, path: ["credit_price"] });
      }
    }
    const proformNumber = typeof proform === "string" ? proform.trim() : "";
    if (proformNumber === "") {
      ctx.addIssue({
        code: "custom",
        message: VALIDATION_MESSAGES.proformRequired,
        path: ["pro_form_nr"],
      });
    }
    if (!checked.success || proformNumber === "") return z.NEVER;
    return { ...rest, credit_price: checked.data, pro_form_nr: proformNumber };
  });

/** Code amount: required, digits only, up to 12 of them, at least 1 (FM-VALID-012/013). */
export const codeAmountSchema = z
  .union([z.string(), z.number()], { error: VALIDATION_MESSAGES.codeAmountRequired })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .min(1, { error: VALIDATION_MESSAGES.codeAmountRequired, abort: true })
      .regex(/^\d{1,12}$/u, { error: VALIDATION_MESSAGES.codeAmountDigits, abort: true })
      .transform(Number)
      .pipe(z.number().min(1, VALIDATION_MESSAGES.codeAmountMin)),
  );

/** Code comment: optional, at most 200 characters (FM-VALID-014). */
export const codeCommentSchema = textSchema({
  max: 200,
  tooLong: VALIDATION_MESSAGES.codeCommentTooLong,
}).optional();

/** Add company data: what is left of a typed credit count (FM-VALID-016/017). */
export function normalizeCreditCount(raw: string): string {
  return raw.replace(/\D/gu, "").replace(/^0+/u, "");
}

/** Add company data's credit count: required, 1 to 14 characters once cleaned (FM-VALID-015). */
export const companyDataCreditsSchema = z
  .union([z.string(), z.number()], { error: VALIDATION_MESSAGES.creditCountRequired })
  .transform((value) => normalizeCreditCount(String(value)))
  .pipe(
    z
      .string()
      .min(1, { error: VALIDATION_MESSAGES.creditCountRequired, abort: true })
      .max(14, { error: VALIDATION_MESSAGES.creditCountLength, abort: true })
      .transform(Number),
  );

/** Gigabytes that `credits` buy (forms §9: one credit gives 2 GB). */
export function companyDataGigabytes(credits: number): number {
  return credits * CREDITS.gbPerCredit;
}

/** "Company data to be added: N GB" (FM-VALID-018, D15). */
export function companyDataText(credits: number): string {
  return `Company data to be added: ${companyDataGigabytes(credits)} GB`;
}

/** The add-company-data confirmation (FM-VALID-019, D15). */
export function companyDataConfirmText(credits: number): string {
  return `Are you sure you want to spend ${credits} credit(s) to get ${companyDataGigabytes(credits)} GB of data?`;
}

export const DOCUMENTATION_SYSTEM_TYPES = ["rutos", "tswos"] as const;

/** Whether a file name ends in .json, in any case. */
export function isJsonFileName(name: string): boolean {
  return /\.json$/iu.test(name);
}

/**
 * The device API documentation upload (FM-VALID-020…023). `file` is anything with a name,
 * a browser File or a server-side upload.
 */
export const documentationUploadSchema = z.object({
  system_type: z.enum(DOCUMENTATION_SYSTEM_TYPES, { error: VALIDATION_MESSAGES.systemType }),
  file: z
    .custom<{ name: string }>(
      (file) =>
        typeof file === "object" &&
        file !== null &&
        typeof (file as { name?: unknown }).name === "string",
      { error: VALIDATION_MESSAGES.fileRequired, abort: true },
    )
    .refine((file) => isJsonFileName(file.name), VALIDATION_MESSAGES.fileNotJson),
  firmware_brand_id: z
    .number({ error: VALIDATION_MESSAGES.brandId })
    .int(VALIDATION_MESSAGES.brandId)
    .min(FIRMWARE_BRAND_ID.min, VALIDATION_MESSAGES.brandId)
    .max(FIRMWARE_BRAND_ID.max, VALIDATION_MESSAGES.brandId)
    .optional(),
  overwrite: z.boolean().default(false),
});

const OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IP_ADDRESS = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`, "u");
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,6}$/iu;

/** Four dotted octets 0-255; an octet with a leading zero is refused (FM-VALID-025). */
export function isIpAddress(value: string): boolean {
  return IP_ADDRESS.test(value);
}

/**
 * Labels of 1-63 letters, digits or hyphens, no hyphen at either end, and a top-level
 * label of 2-6 letters (FM-VALID-026/027).
 */
export function isDomain(value: string): boolean {
  return DOMAIN.test(value);
}

/** Token-like values use the URL-safe base64 alphabet, unpadded (FM-VALID-029). */
export function isBase64Url(value: string): boolean {
  return /^[A-Za-z0-9_-]+$/u.test(value);
}

/** The host-derived part of a token: two or more dot-separated segments (FM-VALID-030). */
export function isHostPart(value: string): boolean {
  return /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/u.test(value);
}

/** A monitoring period in seconds, from 60 to 31536000 (FM-VALID-032). */
export const monitoringPeriodSchema = z
  .number({ error: VALIDATION_MESSAGES.monitoringPeriod })
  .int(VALIDATION_MESSAGES.monitoringPeriod)
  .min(MONITORING.minPeriodS, VALIDATION_MESSAGES.monitoringPeriod)
  .max(MONITORING.maxPeriodS, VALIDATION_MESSAGES.monitoringPeriod);
