import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { ManagedNotice, NoticeInput } from "@netfleet/contracts/schemas/notices";
import { http } from "../../../lib/http";
import { NOTICES_KEY } from "./list-notices";

export async function createNotice(input: NoticeInput): Promise<ManagedNotice> {
  const response = await http.post<DataEnvelope<ManagedNotice>>("/api/admin/notices", input);
  return response.data.data;
}

/** The list and the header's widget reload after. */
export function useCreateNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}
