import { useMutation, useQueryClient } from "@tanstack/react-query";
import { http } from "../../../lib/http";
import { tokensQueryKey } from "./list-tokens";

export async function deleteToken(id: number): Promise<void> {
  await http.delete(`/account/tokens/${id}`);
}

export function useDeleteToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
  });
}
