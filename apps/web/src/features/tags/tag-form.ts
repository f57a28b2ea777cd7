import { z } from "zod";
import {
  TAG_DESCRIPTION_MAX_LENGTH,
  TAG_NAME_MAX_LENGTH,
  type TagListItem,
  tagCreateBodySchema,
  tagUpdateBodySchema,
} from "@netfleet/contracts/schemas/tags";
import type { FieldDefinition, FormSchema, FormValues } from "../../components/ui/form/form-types";
import { i18n } from "../../lib/i18n";
import type { I18nResources } from "../../lib/i18n-resources";
import { tagsListQueryKey } from "./api/list-tags";

/** The help-link key both tag forms carry: the tags page's documentation. */
const HELP_KEY = "tags.main";

/**
 * The fields both forms share. Editing shows the tag's company by name before the options
 * load, and keeps it fixed: a tag never moves to another company.
 */
function tagFields(editing?: { companyId: number; companyName: string }): FieldDefinition[] {
  const t = (key: keyof I18nResources["tags"]) => i18n.t(`tags:${key}`);
  return [
    {
      key: "company_id",
      label: t("fieldCompany"),
      component: "ItemSelect",
      // A tag belongs to a company, so the form asks which (D20).
      required: true,
      source: {
        endpoint: "/api/companies",
        params: { fields: "id,name" },
        labels: editing && { [String(editing.companyId)]: editing.companyName },
      },
      disabled: editing !== undefined,
      placeholder: t("fieldCompanyPlaceholder"),
    },
    {
      key: "name",
      label: t("fieldName"),
      required: true,
      maxlength: TAG_NAME_MAX_LENGTH,
    },
    {
      key: "description",
      label: t("fieldDescription"),
      type: "textarea",
      maxlength: TAG_DESCRIPTION_MAX_LENGTH,
    },
    { key: "color", label: t("fieldColor"), type: "color" },
  ];
}

/** Empty optional fields are sent as absent rather than as empty strings. */
function toPayload(values: FormValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === "" || value === null || value === undefined) continue;
    payload[key] = key === "company_id" ? Number(value) : value;
  }
  return payload;
}

/** The new-tag form, in a dialog from the tags page or on `/forms/new-tag`. */
export function newTagForm(): FormSchema {
  return {
    name: "new-tag",
    fields: tagFields(),
    initialValues: { company_id: null, name: "", description: "", color: "" },
    endpoint: "/api/tags",
    method: "post",
    transform: toPayload,
    // The server's rules, applied to what would be sent: an empty colour is no colour.
    validation: z.preprocess((values) => toPayload(values as FormValues), tagCreateBodySchema),
    item: i18n.t("tags:item"),
    verb: "create",
    submitText: i18n.t("tags:create"),
    reloadQueryKey: tagsListQueryKey,
    helpLinkKey: HELP_KEY,
  };
}

/** The edit form of one tag, starting from the values the list shows. */
export function editTagForm(tag: TagListItem): FormSchema {
  return {
    name: "edit-tag",
    fields: tagFields({ companyId: tag.company_id, companyName: tag.company_name }),
    initialValues: {
      company_id: tag.company_id,
      name: tag.name,
      description: tag.description ?? "",
      color: tag.color ?? "",
    },
    endpoint: `/api/tags/${tag.id}`,
    method: "put",
    // An emptied description or colour is cleared on the server, not left as it was.
    transform: (values) => ({
      ...toPayload(values),
      description: values.description || null,
      color: values.color || null,
    }),
    validation: z.preprocess((values) => toPayload(values as FormValues), tagUpdateBodySchema),
    item: i18n.t("tags:item"),
    verb: "update",
    submitText: i18n.t("tags:save"),
    reloadQueryKey: tagsListQueryKey,
    helpLinkKey: HELP_KEY,
  };
}
