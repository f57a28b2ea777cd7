import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import type { FileListItem, FileType } from "@netfleet/contracts/schemas/files";
import type { ListParams } from "../../../components/ui/server-list";
import { http } from "../../../lib/http";

export type FileSortKey = "id" | "name" | "type" | "file_size" | "created_at";

export interface ListFilesParams extends ListParams {
  type?: FileType;
  /** A company's files only, or `global`: the firmware shared with every company. */
  company_id?: number | "global";
}

/** Prefix of every page of the list: the upload form and deletions reload it by this key. */
export const filesListQueryKey = ["files", "list"] as const;

export function useFiles(params: ListFilesParams) {
  return useQuery(
    queryOptions({
      queryKey: [...filesListQueryKey, params],
      queryFn: async ({ signal }) =>
        (await http.get<ListEnvelope<FileListItem>>("/api/files", { params, signal })).data,
      placeholderData: keepPreviousData,
    }),
  );
}

/** Where a file's bytes are read (`:id`: the file's). */
export const FILE_DOWNLOAD_PATH = "/api/files/:id/download";

export async function deleteFile(id: number): Promise<void> {
  await http.delete(`/api/files/${id}`);
}
