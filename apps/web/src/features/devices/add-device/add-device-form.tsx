import { z } from "zod";
import { DEVICE_NAME_MAX_LENGTH, deviceAddRowSchema } from "@netfleet/contracts/schemas/device-add";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";
import type {
  FieldDefinition,
  FormSchema,
  FormValues,
} from "../../../components/ui/form/form-types";
import { i18n } from "../../../lib/i18n";
import type { I18nResources } from "../../../lib/i18n-resources";
import { queryClient } from "../../../lib/query-client";
import { CURRENT_USER_KEY } from "../../../lib/viewer";
import { OtherWaysToAdd } from "./other-ways";

/** Every device list query starts with this key: adding devices reloads them all. */
export const DEVICES_QUERY_KEY = ["devices"] as const;
/** The help-link key of adding devices. */
export const ADD_DEVICE_HELP_KEY = "add-device";
/** Hex digits in pairs, upper-cased as typed (forms §3 mask token F). */
export const MAC_MASK = "FF:FF:FF:FF:FF:FF";
/** The longest serial number device-protocol.ts accepts. */
export const SERIAL_MAX_LENGTH = 32;

/** The company a form starts with: the signed-in user's own. */
export interface CompanyChoice {
  id: number;
  name: string;
}

const t = (key: keyof I18nResources["add-device"]) => i18n.t(`add-device:${key}`);

/** The company field: any company of the caller's tree, their own to start with. */
export function companyField(company: CompanyChoice | undefined): FieldDefinition {
  return {
    key: "company_id",
    label: t("fieldCompany"),
    component: "ItemSelect",
    required: true,
    source: {
      endpoint: "/api/companies",
      params: { fields: "id,name" },
      labels: company && { [String(company.id)]: company.name },
    },
    placeholder: t("companyPlaceholder"),
  };
}

/** The tags of the caller's tree, named with their company; the server checks each fits. */
export function tagsField(): FieldDefinition {
  return {
    key: "tag_id",
    label: t("fieldTags"),
    component: "ItemSelect",
    multiple: true,
    source: {
      endpoint: "/api/tags",
      params: { fields: "id,name,company_name" },
      labelKey: (item) => `${String(item.name)} · ${String(item.company_name)}`,
    },
    placeholder: t("tagsPlaceholder"),
  };
}

/** Chosen tag ids as numbers. */
export function chosenIds(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === "number") : [];
}

/** One row of the body, as the one-device form's values give it. */
function oneDeviceRow(values: FormValues) {
  const tags = chosenIds(values.tag_id);
  const name = typeof values.name === "string" ? values.name.trim() : "";
  return {
    company_id: values.company_id ?? undefined,
    serial: values.serial,
    mac: values.mac,
    ...(name ? { name } : {}),
    ...(tags.length > 0 ? { tag_id: tags } : {}),
  };
}

/**
 * Adding one device by serial number and MAC (the dialog's first mode, and the page
 * `/forms/add-device`). Errors the server gives for `data.0.serial` land under Serial
 * number, as the form system reads bulk sources.
 */
export function addDeviceForm(
  company: CompanyChoice | undefined,
  before: readonly FieldDefinition[] = [],
): FormSchema {
  return {
    name: "add-device",
    fields: [
      ...before,
      companyField(company),
      {
        key: "serial",
        label: t("fieldSerial"),
        required: true,
        maxlength: SERIAL_MAX_LENGTH,
        placeholder: "1100000001",
        subtext: t("serialSubtext"),
      },
      {
        key: "mac",
        label: t("fieldMac"),
        required: true,
        mask: MAC_MASK,
        placeholder: "00:1E:42:00:00:01",
      },
      {
        key: "name",
        label: t("fieldName"),
        maxlength: DEVICE_NAME_MAX_LENGTH,
        subtext: t("nameSubtext"),
      },
      tagsField(),
    ],
    initialValues: { company_id: company?.id ?? null, serial: "", mac: "", name: "", tag_id: [] },
    endpoint: "/api/devices",
    method: "post",
    transform: (values) => ({ data: [oneDeviceRow(values)] }),
    // The server's rules for a row, applied to what would be sent.
    validation: z.preprocess((values) => oneDeviceRow(values as FormValues), deviceAddRowSchema),
    submitText: t("addOne"),
    successMessage: t("addedOne"),
    reloadQueryKey: DEVICES_QUERY_KEY,
    helpLinkKey: ADD_DEVICE_HELP_KEY,
  };
}

/**
 * The form of `/forms/add-device`: one device, with the other ways of adding (a list, a
 * file, an agent) offered above it; they open in the Add device dialog.
 */
export function addDeviceRouteForm(): FormSchema {
  const user = queryClient.getQueryData<CurrentUser>(CURRENT_USER_KEY);
  const form = addDeviceForm(user?.company, [
    {
      key: "other-ways",
      component: "BaseAlert",
      label: t("otherWaysTitle"),
      alert: { text: <OtherWaysToAdd /> },
    },
  ]);
  return {
    ...form,
    // The form page goes back instead of reloading: the lists it returns to must not
    // show what they held before.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY }),
  };
}
