import { z } from "zod";
import { invitationCreateBodySchema } from "@netfleet/contracts/schemas/invitations";
import { displayRoleName } from "@netfleet/contracts/schemas/roles";
import type { FormSchema, FormValues } from "../../components/ui/form/form-types";
import { i18n } from "../../lib/i18n";
import type { I18nResources } from "../../lib/i18n-resources";
import { invitationsQueryKey } from "./api/list-invitations";

/** The company the invited user joins: chosen in the form, or fixed by a company's page. */
export interface InviteCompany {
  id: number | null;
  /** Set when the company is fixed; the field then shows it and cannot change. */
  fixedName?: string;
}

/** Empty fields are sent as absent, so the server's rules name them. */
function toPayload(values: FormValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === "" || value === null || value === undefined) continue;
    payload[key] = key === "company_id" ? Number(value) : value;
  }
  return payload;
}

/**
 * "Invite user": the address, the company and the role. The role's choices are the roles
 * the inviter may grant in the chosen company, as the server answers them, so the form is
 * rebuilt whenever the company changes (`onCompanyChange`) and the role chosen is cleared.
 */
export function inviteUserForm(
  company: InviteCompany,
  onCompanyChange: (id: number | null) => void,
): FormSchema {
  const t = (key: keyof I18nResources["invitations"]) => i18n.t(`invitations:${key}`);
  return {
    name: "invite-user",
    fields: [
      {
        key: "email",
        label: t("fieldEmail"),
        type: "email",
        required: true,
        placeholder: t("fieldEmailPlaceholder"),
      },
      {
        key: "company_id",
        label: t("fieldCompany"),
        component: "ItemSelect",
        required: true,
        source: {
          endpoint: "/api/companies",
          params: { fields: "id,name" },
          labels:
            company.fixedName && company.id !== null
              ? { [String(company.id)]: company.fixedName }
              : undefined,
        },
        disabled: company.fixedName !== undefined,
        placeholder: t("fieldCompanyPlaceholder"),
        onChange: (value, values) => {
          onCompanyChange(value === null ? null : Number(value));
          return { ...values, role: null };
        },
      },
      {
        key: "role",
        label: t("fieldRole"),
        component: "ItemSelect",
        required: true,
        // Which roles exist depends on the company: its own and its parents' custom roles.
        depends: (values) => values.company_id !== null && values.company_id !== undefined,
        source: {
          endpoint: "/api/roles",
          params: { grantable: "true", company_id: company.id },
          labelKey: (role) => displayRoleName(String(role.title)),
        },
        placeholder: t("fieldRolePlaceholder"),
      },
    ],
    initialValues: { email: "", company_id: company.id, role: null },
    endpoint: "/api/users/invite",
    method: "post",
    transform: toPayload,
    validation: z.preprocess(
      (values) => toPayload(values as FormValues),
      invitationCreateBodySchema,
    ),
    item: t("item"),
    verb: "send",
    submitText: t("send"),
    reloadQueryKey: invitationsQueryKey,
    helpLinkKey: "users.invitations",
  };
}
