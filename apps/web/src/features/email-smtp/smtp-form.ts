import { z } from "zod";
import {
  SMTP_SECURITY,
  type SmtpSettings,
  smtpSettingsBodySchema,
} from "@netfleet/contracts/schemas/email-smtp";
import type { FormSchema, FormValues } from "../../components/ui/form/form-types";
import { i18n } from "../../lib/i18n";
import type { I18nResources } from "../../lib/i18n-resources";
import { smtpSettingsQueryKey } from "./api/get-smtp-settings";

/** The usual port of each kind of security, filled in when the port is still one of them. */
const DEFAULT_PORTS = { none: 25, starttls: 587, tls: 465 } as const;

function t(key: keyof I18nResources["email-smtp"]): string {
  return i18n.t(`email-smtp:${key}`);
}

/**
 * The body the API takes. The password is write-only: left empty it is not sent, so the
 * stored one stays; "Remove the stored password" sends null instead.
 */
function toPayload(values: FormValues): Record<string, unknown> {
  const { password, remove_password: remove, port, username, ...rest } = values;
  const payload: Record<string, unknown> = {
    ...rest,
    port: typeof port === "number" ? port : port === "" || port === null ? undefined : Number(port),
    username: typeof username === "string" && username.trim() ? username : null,
  };
  if (remove === true) payload.password = null;
  else if (typeof password === "string" && password !== "") payload.password = password;
  return payload;
}

/** The SMTP settings form, starting from what is stored; the password field starts empty. */
export function smtpSettingsForm(settings: SmtpSettings): FormSchema {
  return {
    name: "smtp-config",
    fields: [
      { key: "host", label: t("fieldHost"), required: true, placeholder: "smtp.example.com" },
      {
        key: "security",
        label: t("fieldSecurity"),
        type: "select",
        required: true,
        options: SMTP_SECURITY.map((value) => ({
          value,
          label: t(`security.${value}`),
        })),
        // A port that is still the default of the old choice follows the new one.
        onChange: (value, values) => {
          const port = Number(values.port);
          const usual = Object.values(DEFAULT_PORTS).some((p) => p === port) || !values.port;
          if (!usual || typeof value !== "string" || !(value in DEFAULT_PORTS)) return;
          return { ...values, port: DEFAULT_PORTS[value as keyof typeof DEFAULT_PORTS] };
        },
      },
      { key: "port", label: t("fieldPort"), type: "number", required: true, min: 1, max: 65535 },
      { key: "username", label: t("fieldUsername"), subtext: t("fieldUsernameHelp") },
      {
        key: "password",
        label: t("fieldPassword"),
        type: "password",
        subtext: settings.password_set ? t("passwordStored") : t("passwordNotStored"),
        depends: (values) => values.remove_password !== true,
      },
      {
        key: "remove_password",
        label: t("fieldRemovePassword"),
        type: "checkbox",
        depends: () => settings.password_set,
      },
      {
        key: "from",
        label: t("fieldFrom"),
        required: true,
        placeholder: "Netfleet <noreply@example.com>",
        subtext: t("fieldFromHelp"),
      },
    ],
    initialValues: {
      host: settings.host ?? "",
      security: settings.security,
      port: settings.port ?? DEFAULT_PORTS[settings.security],
      username: settings.username ?? "",
      // Never filled in: the server does not answer the password, and shows none.
      password: "",
      remove_password: false,
      from: settings.from ?? "",
    },
    endpoint: "/api/email-smtp",
    method: "put",
    transform: toPayload,
    validation: z.preprocess((values) => toPayload(values as FormValues), smtpSettingsBodySchema),
    item: t("item"),
    verb: "update",
    submitText: t("save"),
    reloadQueryKey: smtpSettingsQueryKey,
  };
}
