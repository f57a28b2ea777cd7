import { useMutation } from "@tanstack/react-query";
import { notifications } from "@mantine/notifications/store";
import { i18n } from "../../../lib/i18n";
import { http, toApiRequestError } from "../../../lib/http";
import { browserLocation } from "../../../lib/browser-location";

/** Ends the impersonation; the answer carries the operator's own session cookies. */
export async function cancelImpersonation(): Promise<void> {
  await http.post("/api/user/cancel-impersonation");
}

/** Cancel, then reload into the operator's own session (SH-SESSION-015). */
export function useCancelImpersonation() {
  return useMutation({
    mutationFn: cancelImpersonation,
    onSuccess: () => browserLocation.reload(),
    onError: (error) =>
      notifications.show({
        color: "red",
        title: i18n.t("impersonation:cancelFailed"),
        message: toApiRequestError(error).message,
      }),
  });
}
