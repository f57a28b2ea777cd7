import { VALIDATION_MESSAGES } from "@netfleet/contracts/validation";
import {
  COMPANY_MESSAGES,
  COMPANY_NAME_MAX_LENGTH,
  companyNameFieldSchema,
} from "@netfleet/contracts/schemas/companies";
import { toApiRequestError } from "../../lib/http";
import { i18n } from "../../lib/i18n";

/** The contracts' English sentences about companies, as this console's language says them. */
const TRANSLATED: Readonly<Record<string, () => string>> = {
  [COMPANY_MESSAGES.notFound]: () => i18n.t("companies:notFoundText"),
  [COMPANY_MESSAGES.deleteOwnCompany]: () => i18n.t("companies:deleteOwnCompany"),
  [COMPANY_MESSAGES.deleteStillReferenced]: () => i18n.t("companies:deleteStillReferenced"),
  [VALIDATION_MESSAGES.companyNameRequired]: () => i18n.t("forms:required"),
  [VALIDATION_MESSAGES.companyNameMin]: () => i18n.t("companies:nameMin"),
  [VALIDATION_MESSAGES.sameValue]: () => i18n.t("companies:sameValue"),
  [COMPANY_MESSAGES.nameTooLong]: () =>
    i18n.t("forms:maxLength", { count: COMPANY_NAME_MAX_LENGTH }),
};

/** A message of the company rules (the form's or the server's) in the console's language. */
export function translateCompanyMessage(message: string): string {
  return TRANSLATED[message]?.() ?? message;
}

const count = (value: unknown) => (typeof value === "number" ? value : 0);

/**
 * Why a delete was refused, in the console's language: what the company still holds, as
 * the refusal's `meta` counts it, or the refusal's own message; null when nothing says why.
 */
export function deleteRefusal(error: unknown): string | null {
  const failure = toApiRequestError(error);
  const meta = failure.meta;
  if (failure.status === 409 && meta && "devices_count" in meta) {
    return i18n.t("companies:deleteNotEmpty", {
      devices: count(meta.devices_count),
      users: count(meta.users_count),
      subsidiaries: count(meta.subsidiaries_count),
    });
  }
  const message = failure.errors.find((e) => e.message)?.message;
  return message ? translateCompanyMessage(message) : null;
}

/** What is wrong with a company name by the server's rules (FM-VALID-001/002), or null. */
export function companyNameError(value: unknown): string | null {
  const result = companyNameFieldSchema.safeParse(value);
  if (result.success) return null;
  return translateCompanyMessage(result.error.issues[0]?.message ?? "");
}
