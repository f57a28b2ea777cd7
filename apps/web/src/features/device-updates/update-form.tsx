import { Anchor } from "@mantine/core";
import { Link } from "../../lib/router";
import type { z } from "zod";
import type { FileTaskAction } from "@netfleet/contracts/device-protocol";
import {
  type deviceUpdateRequestSchema,
  UPDATE_FILE_TYPE,
  rolloutPlanSchema,
} from "@netfleet/contracts/schemas/device-updates";
import type { FileListItem } from "@netfleet/contracts/schemas/files";
import { buildPath, routeByName } from "@netfleet/contracts/routes";
import type { FieldDefinition, FormSchema, FormValues } from "../../components/ui/form/form-types";
import { formatBytes } from "../../lib/format";
import { i18n } from "../../lib/i18n";
import type { I18nResources } from "../../lib/i18n-resources";
import type { DeviceSelectionQuery } from "../../lib/selection-query";

const t = (key: keyof I18nResources["device-updates"]) => i18n.t(`device-updates:${key}`);

const CLOCK_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const filesRoute = routeByName("files.main");
const FILES_PATH = filesRoute ? buildPath(filesRoute) : "/management/files";
const PLAN_DEFAULTS = rolloutPlanSchema.parse({});

/** A file as the select lists it: name, version, device model and size, as far as known. */
function fileLabel(item: Record<string, unknown>): string {
  const file = item as Partial<FileListItem>;
  return [file.name, file.version, file.device_model, formatBytes(file.file_size ?? 0)]
    .filter(Boolean)
    .join(" · ");
}

/** Both ends of the window or neither; checked on the end that was given. */
function windowEnd(other: "window_from" | "window_to"): FieldDefinition["validate"] {
  return (value, values) => {
    if (typeof value !== "string" || !CLOCK_TIME.test(value)) return t("windowFormat");
    return values[other] ? null : t("windowBoth");
  };
}

/** Percent fields: whole numbers, with the plan's bounds. */
function percentField(key: "canary_percent" | "failure_threshold", min: number): FieldDefinition {
  return {
    key,
    type: "number",
    label: t(key === "canary_percent" ? "canary" : "threshold"),
    subtext: t(key === "canary_percent" ? "canaryHelp" : "thresholdHelp"),
    required: true,
    min,
    max: 100,
    step: 1,
    addon: "%",
  };
}

/** The fields that pick the devices when the page was not opened with a selection. */
function targetFields(): FieldDefinition[] {
  const target = (kind: string) => (values: FormValues) => values.target === kind;
  return [
    {
      key: "target",
      type: "radio",
      label: t("fieldTarget"),
      required: true,
      options: [
        { value: "tag", label: t("targetTag") },
        { value: "company", label: t("targetCompany") },
      ],
    },
    {
      key: "tag_id",
      label: t("fieldTag"),
      component: "ItemSelect",
      required: true,
      depends: target("tag"),
      source: { endpoint: "/api/tags", params: { fields: "id,name" } },
      placeholder: t("tagPlaceholder"),
    },
    {
      key: "company_id",
      label: t("fieldCompany"),
      component: "ItemSelect",
      required: true,
      depends: target("company"),
      source: { endpoint: "/api/companies", params: { fields: "id,name" } },
      placeholder: t("companyPlaceholder"),
      subtext: t("companyHelp"),
    },
  ];
}

export interface DeviceUpdateFormOptions {
  action: FileTaskAction;
  /** The devices the page was opened with; without them the form asks for a tag or company. */
  selection: DeviceSelectionQuery | null;
  /** Takes the answer's action channel (the page opens the Action status dialog). */
  onChannel: (channel: string) => void;
}

/**
 * A firmware (`firmware_upload`) or backup (`config_upload`) rollout: `POST
 * /api/devices/actions` with the devices, the file and the plan (contracts'
 * `deviceUpdateRequestSchema`). The window's two times become `window`, or null.
 */
export function deviceUpdateForm({
  action,
  selection,
  onChannel,
}: DeviceUpdateFormOptions): FormSchema {
  const firmware = action === "firmware_upload";
  const fields: FieldDefinition[] = [
    {
      key: "file_id",
      label: t(firmware ? "fileFirmware" : "fileConfig"),
      component: "ItemSelect",
      required: true,
      source: {
        endpoint: "/api/files",
        params: { type: UPDATE_FILE_TYPE[action] },
        labelKey: fileLabel,
      },
      placeholder: t("filePlaceholder"),
      // A fleet's first rollout finds the list empty: say where files come from.
      subtext: (
        <>
          {t(firmware ? "fileHelpFirmware" : "fileHelpConfig")}{" "}
          <Anchor component={Link} to={FILES_PATH} inherit>
            {t("fileHelpLink")}
          </Anchor>
        </>
      ),
    },
    ...(selection ? [] : targetFields()),
    ...(firmware
      ? [{ key: "keep_settings", type: "checkbox", label: t("keepSettings") } as const]
      : []),
    { key: "offline", type: "checkbox", label: t("offline"), subtext: t("offlineHelp") },
    percentField("canary_percent", 0),
    percentField("failure_threshold", 1),
    {
      key: "window_from",
      label: t("windowFrom"),
      mask: "##:##",
      placeholder: "HH:MM",
      validate: windowEnd("window_to"),
    },
    {
      key: "window_to",
      label: t("windowTo"),
      mask: "##:##",
      placeholder: "HH:MM",
      subtext: t("windowHelp"),
      validate: windowEnd("window_from"),
    },
  ];

  const transform = (values: FormValues): z.input<typeof deviceUpdateRequestSchema> => {
    const devices =
      selection ??
      (values.target === "tag"
        ? { filter: { tag_id: Number(values.tag_id) } }
        : { filter: { company_id: Number(values.company_id) } });
    const from = typeof values.window_from === "string" ? values.window_from : "";
    const to = typeof values.window_to === "string" ? values.window_to : "";
    return {
      action,
      ...devices,
      file_id: Number(values.file_id),
      ...(firmware ? { keep_settings: values.keep_settings === true } : {}),
      offline: values.offline === true,
      canary_percent: Number(values.canary_percent),
      failure_threshold: Number(values.failure_threshold),
      window: from && to ? { from, to } : null,
    };
  };

  return {
    name: action,
    fields,
    initialValues: {
      target: "tag",
      keep_settings: true,
      offline: true,
      canary_percent: PLAN_DEFAULTS.canary_percent,
      failure_threshold: PLAN_DEFAULTS.failure_threshold,
    },
    endpoint: "/api/devices/actions",
    method: "post",
    transform,
    submitText: t(firmware ? "submitFirmware" : "submitConfig"),
    onChannel,
  };
}
