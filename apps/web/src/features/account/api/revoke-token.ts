import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { revokeBodySchema, revokeResultSchema } from "@netfleet/contracts/schemas/account";
import { SESSION_CALLS, http } from "../../../lib/http";

export type RevokeBody = z.input<typeof revokeBodySchema>;
export type RevokeResult = z.infer<typeof revokeResultSchema>;

/** Ends the session. `client_id` and `redirect_uri` come from the page's query, if present. */
export async function revokeToken(body: RevokeBody = {}): Promise<RevokeResult> {
  const response = await http.post<DataEnvelope<RevokeResult>>(SESSION_CALLS.revoke, body);
  return response.data.data;
}

/** The revoke body an OAuth-style client asked for in the current page's query. */
export function revokeBodyFromQuery(search: string): RevokeBody {
  const query = new URLSearchParams(search);
  const body: RevokeBody = {};
  const clientId = query.get("client_id");
  const redirectUri = query.get("redirect_uri");
  if (clientId) body.client_id = clientId;
  if (redirectUri) body.redirect_uri = redirectUri;
  return body;
}

export function useRevokeToken() {
  return useMutation({ mutationFn: revokeToken });
}
