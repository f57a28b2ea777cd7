import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import type { MailLog, MailStatus } from "@netfleet/contracts/schemas/mail-logs";
import type { ListParams } from "../../../components/ui/server-list";
import { http } from "../../../lib/http";

/** Columns the list can be sorted by. */
export type MailLogSortKey = "id" | "created_at" | "to" | "status" | "template";

/** `q` matches the recipient; `status` keeps one state. */
export interface ListMailLogsParams extends ListParams {
  status?: MailStatus;
}

export async function listMailLogs(
  params: ListMailLogsParams,
  signal?: AbortSignal,
): Promise<ListEnvelope<MailLog>> {
  const response = await http.get<ListEnvelope<MailLog>>("/api/mail-logs", { params, signal });
  return response.data;
}

export function listMailLogsQuery(params: ListMailLogsParams) {
  return queryOptions({
    queryKey: ["mail-logs", "list", params],
    queryFn: ({ signal }) => listMailLogs(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMailLogs(params: ListMailLogsParams) {
  return useQuery(listMailLogsQuery(params));
}
