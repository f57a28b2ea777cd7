import { useMutation, useQueryClient } from "@tanstack/react-query";
import { http } from "../../../lib/http";
import { tagsListQueryKey } from "./list-tags";

/** Deletes a tag; the devices that carried it keep everything else. */
export async function deleteTag(id: number): Promise<void> {
  await http.delete(`/api/tags/${id}`);
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagsListQueryKey }),
  });
}
