import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { SmtpSettings } from "@netfleet/contracts/schemas/email-smtp";
import { http } from "../../../lib/http";

/** The installation's outgoing mail server; the password itself never comes back. */
export async function getSmtpSettings(signal?: AbortSignal): Promise<SmtpSettings> {
  const response = await http.get<DataEnvelope<SmtpSettings>>("/api/email-smtp", { signal });
  return response.data.data;
}

/** Saving the settings reloads them by this key. */
export const smtpSettingsQueryKey = ["email-smtp"] as const;

export function smtpSettingsQuery() {
  return queryOptions({
    queryKey: smtpSettingsQueryKey,
    queryFn: ({ signal }) => getSmtpSettings(signal),
  });
}

export function useSmtpSettings() {
  return useQuery(smtpSettingsQuery());
}
