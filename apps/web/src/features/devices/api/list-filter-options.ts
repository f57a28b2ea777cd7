import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import { FORMS } from "@netfleet/contracts/constants";
import { http } from "../../../lib/http";

/** A company or tag the list can be filtered by, or a tag put on a device. */
export interface FilterOption {
  id: number;
  name: string;
  color?: string;
}

async function listOptions(path: string, q: string, signal?: AbortSignal) {
  const response = await http.get<ListEnvelope<FilterOption>>(path, {
    params: {
      limit: FORMS.selectorPageSize,
      q: q || undefined,
      sort: "name",
      fields: "id,name,color",
    },
    signal,
  });
  return response.data.data;
}

function optionsQuery(kind: "companies" | "tags", q: string, enabled: boolean) {
  return queryOptions({
    queryKey: [kind, "options", q],
    queryFn: ({ signal }) => listOptions(`/api/${kind}`, q, signal),
    enabled,
    staleTime: 60_000,
  });
}

/** Companies of the caller's tree whose names match `q` (100 at most), once `enabled`. */
export function useCompanyOptions(q: string, enabled: boolean) {
  return useQuery(optionsQuery("companies", q, enabled));
}

/** Tags of the caller's tree whose names match `q` (100 at most), once `enabled`. */
export function useTagOptions(q: string, enabled: boolean) {
  return useQuery(optionsQuery("tags", q, enabled));
}
