import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import type { PersonalAccessToken } from "@netfleet/contracts/schemas/account";
import { http } from "../../../lib/http";

export async function listTokens(signal?: AbortSignal): Promise<PersonalAccessToken[]> {
  const response = await http.get<ListEnvelope<PersonalAccessToken>>("/account/tokens", { signal });
  return response.data.data;
}

export const tokensQueryKey = ["account", "tokens"] as const;

export function listTokensQuery() {
  return queryOptions({
    queryKey: tokensQueryKey,
    queryFn: ({ signal }) => listTokens(signal),
  });
}

export function useTokens() {
  return useQuery(listTokensQuery());
}
