import { FILE_MAX_BYTES, UPLOAD_FILE_TYPES } from "@netfleet/contracts/schemas/files";
import type { FieldDefinition, FormSchema, FormValues } from "../../components/ui/form/form-types";
import { i18n } from "../../lib/i18n";
import type { I18nResources } from "../../lib/i18n-resources";
import { filesListQueryKey } from "./api/list-files";

const t = (key: keyof I18nResources["files"]) => i18n.t(`files:${key}`);

/** How each type is called in the list and the form. */
export const FILE_TYPE_LABELS = {
  firmware: "typeFirmware",
  config: "typeConfig",
  eventslog: "typeEventslog",
  troubleshoot: "typeTroubleshoot",
  device_task_manager_file: "typeTaskManager",
} as const satisfies Record<string, keyof I18nResources["files"]>;

/** Empty optional fields are left out of the upload rather than sent empty. */
function toPayload(values: FormValues): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([, value]) => value !== "" && value !== null && value !== undefined,
    ),
  );
}

/**
 * Which company of the caller's tree a file or image belongs to (D20); `start`, the
 * company chosen at first, is labelled before its page of options loads.
 */
export function companyField(start?: { id: number; name: string }): FieldDefinition {
  return {
    key: "company_id",
    label: t("fieldCompany"),
    component: "ItemSelect",
    required: true,
    source: {
      endpoint: "/api/companies",
      params: { fields: "id,name" },
      labels: start && { [start.id]: start.name },
    },
    placeholder: t("fieldCompanyPlaceholder"),
  };
}

const fixedWhenGlobal = new Set(["company_id", "type"]);

/**
 * The upload form (`POST /api/files`, multipart): the file streams to the server as sent.
 * `global` uploads firmware for every company: no company or type to choose.
 */
export function uploadFileForm({ global = false } = {}): FormSchema {
  const fields: FieldDefinition[] = [
    companyField(),
    {
      key: "type",
      label: t("fieldType"),
      type: "select",
      required: true,
      options: UPLOAD_FILE_TYPES.map((type) => ({
        value: type,
        label: t(FILE_TYPE_LABELS[type]),
      })),
    },
    {
      key: "file",
      label: t("fieldFile"),
      type: "file",
      required: true,
      maxSize: FILE_MAX_BYTES,
      warnings: true,
      disallowSpaces: true,
    },
    { key: "device_model", label: t("fieldModel"), maxlength: 64 },
    { key: "version", label: t("fieldVersion"), maxlength: 64 },
    { key: "description", label: t("fieldDescription"), type: "textarea", maxlength: 255 },
  ];
  return {
    name: global ? "upload-global-firmware" : "upload-file",
    // Global uploads fix the company and the type: hidden fields still send them.
    fields: global
      ? fields.map((f) => (fixedWhenGlobal.has(f.key) ? { key: f.key, type: "hidden" } : f))
      : fields,
    initialValues: {
      company_id: global ? "global" : null,
      type: "firmware",
      file: null,
      device_model: "",
      version: "",
      description: "",
    },
    endpoint: "/api/files",
    method: "post",
    multipart: true,
    transform: toPayload,
    item: t("item"),
    verb: "upload",
    submitText: t("upload"),
    reloadQueryKey: filesListQueryKey,
    helpLinkKey: "management.files",
  };
}
