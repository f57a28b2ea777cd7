import { useMutation, useQueryClient } from "@tanstack/react-query";
import { http } from "../../../lib/http";
import { mfaQueryKey } from "./get-mfa";

/**
 * Turns the second factor off. The server asks for the second factor and, outside the
 * confirmation window, the password first; the HTTP client shows those dialogs itself.
 */
export async function disableMfa(): Promise<void> {
  await http.delete("/api/mfa");
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableMfa,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaQueryKey }),
  });
}
