import { z } from "zod";
import { isPermission } from "@netfleet/contracts/permissions";
import {
  ROLE_DESCRIPTION_MAX_LENGTH,
  ROLE_NAME_MAX_LENGTH,
  ROLE_TITLE_MAX_LENGTH,
  type RoleDetail,
  permissionCatalogue,
  roleCreateBodySchema,
  roleUpdateBodySchema,
} from "@netfleet/contracts/schemas/roles";
import type { FieldDefinition, FormSchema, FormValues } from "../../components/ui/form/form-types";
import { i18n } from "../../lib/i18n";
import type { I18nResources } from "../../lib/i18n-resources";
import { rolesQueryKey } from "./api/list-roles";

const HELP_KEY = "users.roles";

/** The field of one permission; `perm_` keeps the names clear of the form's own keys. */
const PREFIX = "perm_";

/**
 * What a custom role may grant, in the catalogue's order: everything but the installation's
 * own permissions, which stay with the fixed System Administrator role.
 */
const GRANTABLE = permissionCatalogue().filter((p) => p.kind !== "system" && isPermission(p.name));

function t(key: keyof I18nResources["roles"]): string {
  return i18n.t(`roles:${key}`);
}

function groupLabel(category: string): string {
  return i18n.t(
    `permissions:group.${category}` as `permissions:${keyof I18nResources["permissions"]}`,
  );
}

/**
 * One checkbox per permission. Each carries the permission itself as its `permission`, so
 * the form system shows only those the creator holds (FM-FIELD-008): a role never grants
 * more than its creator has; the server refuses it too. "All" ticks every one shown.
 */
function permissionFields(): FieldDefinition[] {
  const keys = GRANTABLE.map((p) => `${PREFIX}${p.name}`);
  return [
    {
      key: "permissions",
      type: "checkbox",
      label: t("fieldAllPermissions"),
      subtext: t("fieldPermissionsHelp"),
      onChange: (checked, values) => ({
        ...values,
        ...Object.fromEntries(keys.map((key) => [key, checked === true])),
      }),
    },
    ...GRANTABLE.map((p): FieldDefinition => ({
      key: `${PREFIX}${p.name}`,
      type: "checkbox",
      label: `${groupLabel(p.category)} · ${i18n.t(`permissions:permission.${p.name}`, { defaultValue: p.title })}`,
      permission: isPermission(p.name) ? p.name : undefined,
      // Unticking one leaves "All" unticked.
      onChange: (checked, values) => (checked ? undefined : { ...values, permissions: false }),
    })),
  ];
}

/** The fields both forms share; editing keeps the role in its company. */
function roleFields(editing?: { companyId: number; companyName: string }): FieldDefinition[] {
  return [
    {
      key: "company_id",
      label: t("fieldCompany"),
      component: "ItemSelect",
      required: true,
      source: {
        endpoint: "/api/companies",
        params: { fields: "id,name" },
        labels: editing && { [String(editing.companyId)]: editing.companyName },
      },
      disabled: editing !== undefined,
      placeholder: t("fieldCompanyPlaceholder"),
      subtext: editing ? undefined : t("fieldCompanyHelp"),
    },
    {
      key: "name",
      label: t("fieldName"),
      required: true,
      maxlength: ROLE_NAME_MAX_LENGTH,
      subtext: t("fieldNameHelp"),
    },
    { key: "title", label: t("fieldTitle"), required: true, maxlength: ROLE_TITLE_MAX_LENGTH },
    {
      key: "description",
      label: t("fieldDescription"),
      type: "textarea",
      maxlength: ROLE_DESCRIPTION_MAX_LENGTH,
    },
    ...permissionFields(),
  ];
}

/** The body the API takes: the ticked permissions as names, empty text fields left out. */
function toPayload(values: FormValues): Record<string, unknown> {
  const payload: Record<string, unknown> = { permissions: [] as string[] };
  const permissions: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (key.startsWith(PREFIX)) {
      if (value === true) permissions.push(key.slice(PREFIX.length));
    } else if (key !== "permissions" && value !== "" && value !== null && value !== undefined) {
      payload[key] = key === "company_id" ? Number(value) : value;
    }
  }
  payload.permissions = permissions;
  return payload;
}

function permissionValues(granted: readonly string[] = []): FormValues {
  const held = new Set(granted);
  return Object.fromEntries(GRANTABLE.map((p) => [`${PREFIX}${p.name}`, held.has(p.name)]));
}

/** The new-role form, in a dialog from the roles page or on `/forms/new-role`. */
export function newRoleForm(): FormSchema {
  return {
    name: "new-role",
    fields: roleFields(),
    initialValues: {
      company_id: null,
      name: "",
      title: "",
      description: "",
      ...permissionValues(),
    },
    endpoint: "/api/roles",
    method: "post",
    transform: toPayload,
    validation: z.preprocess((values) => toPayload(values as FormValues), roleCreateBodySchema),
    item: t("item"),
    verb: "create",
    submitText: t("create"),
    reloadQueryKey: rolesQueryKey,
    helpLinkKey: HELP_KEY,
  };
}

/** The edit form of a custom role, starting from what it grants now. */
export function editRoleForm(role: RoleDetail): FormSchema {
  return {
    name: "edit-role",
    fields: roleFields({ companyId: role.company_id ?? 0, companyName: role.company_name ?? "" }),
    initialValues: {
      company_id: role.company_id,
      name: role.name,
      title: role.title,
      description: role.description,
      ...permissionValues(role.permissions),
    },
    endpoint: `/api/roles/${role.id}`,
    method: "put",
    // An emptied description is cleared, not left as it was.
    transform: (values) => ({ ...toPayload(values), description: values.description ?? "" }),
    validation: z.preprocess((values) => toPayload(values as FormValues), roleUpdateBodySchema),
    item: t("item"),
    verb: "update",
    submitText: t("save"),
    reloadQueryKey: rolesQueryKey,
    helpLinkKey: HELP_KEY,
  };
}
