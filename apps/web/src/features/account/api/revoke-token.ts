import { useState } from "react";
import { notifications } from "@mantine/notifications/store";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { revokeBodySchema, revokeResultSchema } from "@netfleet/contracts/schemas/account";
import { ACCOUNT_PAGES } from "../../../lib/account-paths";
import { browserLocation, sameOriginTarget } from "../../../lib/browser-location";
import { SESSION_CALLS, clearHttpCache, http, toApiRequestError } from "../../../lib/http";
import { i18n } from "../../../lib/i18n";

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

/**
 * Signing out from anywhere in the console: revoke the session, then go where the server
 * says (the sign-in page by default). Failures are reported with the server's message.
 */
export function useSignOut() {
  const revoke = useRevokeToken();
  const [leaving, setLeaving] = useState(false);
  const signOut = () =>
    revoke.mutate(revokeBodyFromQuery(window.location.search), {
      onSuccess: ({ location }) => {
        setLeaving(true);
        clearHttpCache();
        browserLocation.assign(sameOriginTarget(location, ACCOUNT_PAGES.signIn));
      },
      onError: (error) =>
        notifications.show({
          color: "red",
          title: i18n.t("common:signOutFailed"),
          message: toApiRequestError(error).message,
        }),
    });
  return { signOut, pending: revoke.isPending || leaving };
}
