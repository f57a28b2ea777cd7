import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { invitationPreviewSchema } from "@netfleet/contracts/schemas/account";
import { http } from "../../../lib/http";

export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export async function getInvitation(
  token: string,
  signal?: AbortSignal,
): Promise<InvitationPreview> {
  const response = await http.get<DataEnvelope<InvitationPreview>>(
    `/account/invitations/${encodeURIComponent(token)}`,
    { signal },
  );
  return response.data.data;
}

export function getInvitationQuery(token: string) {
  return queryOptions({
    queryKey: ["account", "invitations", token],
    queryFn: ({ signal }) => getInvitation(token, signal),
  });
}

export function useInvitation(token: string) {
  return useQuery(getInvitationQuery(token));
}
