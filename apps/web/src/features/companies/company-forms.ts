import { z } from "zod";
import {
  COMPANY_NAME_MAX_LENGTH,
  type CompanyListItem,
  companyCreateBodySchema,
  companyMoveBodySchema,
} from "@netfleet/contracts/schemas/companies";
import type { FieldOption, FormSchema, FormValues } from "../../components/ui/form/form-types";
import { successMessage } from "../../components/ui/form/result-messages";
import { i18n } from "../../lib/i18n";
import { companiesQueryKey } from "./api/list-companies";
import { companyNameError } from "./company-messages";
import { pathName, moveTargets, parentChoices } from "./company-hierarchy";

/** The help-link key the company forms and dialogs carry: the companies page's documentation. */
export const HELP_KEY = "users.companies";

type Row = CompanyListItem;

function options(choices: readonly Row[], rows: readonly Row[], disabled?: number): FieldOption[] {
  return choices.map((row) => ({
    value: String(row.id),
    label: pathName(row, rows),
    disabled: row.id === disabled,
  }));
}

function newCompanyPayload(values: FormValues): Record<string, unknown> {
  return {
    ...values,
    name: typeof values.name === "string" ? values.name.trim() : values.name,
    parent_id: values.parent_id ? Number(values.parent_id) : undefined,
  };
}

export interface NewCompanyFormInput {
  /** Every company of the user's tree (the tree query). */
  rows: readonly Row[];
  /** The user's company is top-level (`show_payment_control`, D14). */
  paymentControl: boolean;
  /** The parent chosen to begin with, when it may be one. */
  parentId?: number;
}

/**
 * The new-company form: a name and a parent among the companies of levels 1 and 2. A user
 * of a top-level company also decides whether the new company sees payment options; the
 * box starts unticked (FM-ENTITY-051).
 */
export function newCompanyForm({
  rows,
  paymentControl,
  parentId,
}: NewCompanyFormInput): FormSchema {
  const t = (key: "fieldName" | "fieldParent" | "fieldParentPlaceholder" | "fieldParentHint") =>
    i18n.t(`companies:${key}`);
  const choices = parentChoices(rows);
  const first = choices.find((row) => row.id === parentId) ?? choices[0];
  const item = i18n.t("companies:item");
  return {
    name: "new-company",
    fields: [
      {
        key: "name",
        label: t("fieldName"),
        required: true,
        maxlength: COMPANY_NAME_MAX_LENGTH,
        validate: companyNameError,
      },
      {
        key: "parent_id",
        label: t("fieldParent"),
        type: "select",
        required: true,
        options: options(choices, rows),
        placeholder: t("fieldParentPlaceholder"),
        subtext: t("fieldParentHint"),
      },
      ...(paymentControl
        ? [
            {
              key: "show_payment",
              label: i18n.t("companies:fieldShowPayment"),
              type: "checkbox" as const,
              subtext: i18n.t("companies:fieldShowPaymentHint"),
            },
          ]
        : []),
    ],
    initialValues: { name: "", parent_id: first ? String(first.id) : null, show_payment: false },
    endpoint: "/api/companies",
    method: "post",
    transform: newCompanyPayload,
    validation: z.preprocess((v) => newCompanyPayload(v as FormValues), companyCreateBodySchema),
    item,
    verb: "create",
    successMessage: successMessage(item, "create"),
    submitText: i18n.t("companies:create"),
    reloadQueryKey: companiesQueryKey,
    helpLinkKey: HELP_KEY,
  };
}

/**
 * Moving a company (and everything below it) under another: the choices leave out the
 * company's own branch and anything too deep; its current parent shows, but cannot be chosen.
 */
export function moveCompanyForm(company: Row, rows: readonly Row[]): FormSchema {
  const item = i18n.t("companies:item");
  const payload = (values: FormValues) => ({
    source: company.id,
    target: values.target ? Number(values.target) : undefined,
  });
  return {
    name: "move-company",
    fields: [
      {
        key: "target",
        label: i18n.t("companies:fieldTarget"),
        type: "select",
        required: true,
        options: options(moveTargets(rows, company), rows, company.parent_id),
        placeholder: i18n.t("companies:fieldTargetPlaceholder"),
        subtext: i18n.t("companies:fieldTargetHint"),
      },
    ],
    initialValues: { target: null },
    endpoint: "/api/companies/move",
    method: "post",
    transform: payload,
    validation: z.preprocess((v) => payload(v as FormValues), companyMoveBodySchema),
    item,
    verb: "move",
    successMessage: successMessage(item, "move"),
    submitText: i18n.t("companies:move"),
    reloadQueryKey: companiesQueryKey,
    helpLinkKey: HELP_KEY,
  };
}
