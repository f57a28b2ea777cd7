import { useMutation, useQueryClient } from "@tanstack/react-query";
import { http } from "../../../lib/http";
import { NOTICES_KEY } from "./list-notices";

export async function deleteNotice(id: number): Promise<void> {
  await http.delete(`/api/admin/notices/${id}`);
}

export function useDeleteNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}
