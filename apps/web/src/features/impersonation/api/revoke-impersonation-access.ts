import { useMutation } from "@tanstack/react-query";
import { notifications } from "@mantine/notifications/store";
import { i18n } from "../../../lib/i18n";
import { http, toApiRequestError } from "../../../lib/http";
import { browserLocation } from "../../../lib/browser-location";

/** Withdraws the user's impersonation grant and ends any impersonation of them. */
export async function revokeImpersonationAccess(): Promise<void> {
  await http.post("/api/user/revoke-impersonation-access");
}

/**
 * Revoke, then reload the page so every screen reads the session afresh (SH-SESSION-014).
 * A failure shows a toast with the server's message (SH-ERR-015). Confirmation is the
 * caller's to ask first.
 */
export function useRevokeImpersonationAccess() {
  return useMutation({
    mutationFn: revokeImpersonationAccess,
    onSuccess: () => browserLocation.reload(),
    onError: (error) =>
      notifications.show({
        color: "red",
        title: i18n.t("impersonation:revokeFailed"),
        message: toApiRequestError(error).message,
      }),
  });
}
