import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import type { CompanyListItem } from "@netfleet/contracts/schemas/companies";
import type { Image } from "@netfleet/contracts/schemas/images";
import { apiBaseUrl, http } from "../../../lib/http";

/** Prefix of every page of the images list: uploads, edits and deletions reload it. */
export const imagesListQueryKey = ["images", "list"] as const;

export function useImages(params: { limit: number; offset: number }) {
  return useQuery(
    queryOptions({
      queryKey: [...imagesListQueryKey, params],
      queryFn: async ({ signal }) =>
        (await http.get<ListEnvelope<Image>>("/api/images", { params, signal })).data,
      placeholderData: keepPreviousData,
    }),
  );
}

/**
 * Names of the companies the shown images belong to: an image carries only its company's
 * id, so one call for the page's ids fills the company column.
 */
export function useCompanyNames(ids: readonly number[]): ReadonlyMap<number, string> {
  const id = [...new Set(ids)].sort((a, b) => a - b).join(",");
  const names = useQuery({
    queryKey: ["companies", "names", id],
    queryFn: async ({ signal }) =>
      (
        await http.get<ListEnvelope<Pick<CompanyListItem, "id" | "name">>>("/api/companies", {
          params: { id, fields: "id,name", limit: 100 },
          signal,
        })
      ).data.data,
    enabled: id !== "",
    placeholderData: keepPreviousData,
  });
  return new Map((names.data ?? []).map((company) => [company.id, company.name]));
}

/** The image's bytes; an `<img>` sends the session cookie, as the API shares the origin. */
export function imageHref(id: number): string {
  return `${apiBaseUrl() ?? ""}/api/images/${id}`;
}

export async function deleteImage(id: number): Promise<void> {
  await http.delete(`/api/images/${id}`);
}
