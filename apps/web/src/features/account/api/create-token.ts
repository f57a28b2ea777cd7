import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { CreateTokenBody, createdTokenSchema } from "@netfleet/contracts/schemas/account";
import { http } from "../../../lib/http";
import { tokensQueryKey } from "./list-tokens";

/** The only answer that carries the token's secret. */
export type CreatedToken = z.infer<typeof createdTokenSchema>;

export async function createToken(body: CreateTokenBody): Promise<CreatedToken> {
  const response = await http.post<DataEnvelope<CreatedToken>>("/account/tokens", body);
  return response.data.data;
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
  });
}
