import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { ManagedNotice, NoticeInput } from "@netfleet/contracts/schemas/notices";
import { http } from "../../../lib/http";
import { NOTICES_KEY } from "./list-notices";

export async function updateNotice(id: number, input: NoticeInput): Promise<ManagedNotice> {
  const response = await http.put<DataEnvelope<ManagedNotice>>(`/api/admin/notices/${id}`, input);
  return response.data.data;
}

/** The list and the header's widget reload after. */
export function useUpdateNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: NoticeInput }) => updateNotice(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}
