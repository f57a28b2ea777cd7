import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import type { UserMoveLog } from "@netfleet/contracts/schemas/users";
import type { ListParams } from "../../../components/ui/server-list";
import { http } from "../../../lib/http";
import { usersQueryKey } from "./list-users";

/** Columns the move logs can be sorted by. */
export type MoveLogSortKey =
  "id" | "created_at" | "user_email" | "moved_by_email" | "from_company_name" | "to_company_name";

export async function listMoveLogs(
  params: ListParams,
  signal?: AbortSignal,
): Promise<ListEnvelope<UserMoveLog>> {
  const response = await http.get<ListEnvelope<UserMoveLog>>("/api/users/move-logs", {
    params,
    signal,
  });
  return response.data;
}

export function listMoveLogsQuery(params: ListParams) {
  return queryOptions({
    queryKey: [...usersQueryKey, "move-logs", params],
    queryFn: ({ signal }) => listMoveLogs(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMoveLogs(params: ListParams) {
  return useQuery(listMoveLogsQuery(params));
}
