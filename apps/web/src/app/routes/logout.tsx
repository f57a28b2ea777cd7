import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "../../lib/i18n";
import { useLocation } from "../../lib/router";
import { ErrorScreen } from "../../components/layout/error-screen";
import { FullPageLoader } from "../../components/layout/full-page-loader";
import { revokeBodyFromQuery, useRevokeToken } from "../../features/account/api/revoke-token";
import { ACCOUNT_PAGES } from "../../lib/account-paths";
import { browserLocation, sameOriginTarget } from "../../lib/browser-location";
import { toApiRequestError } from "../../lib/http";

/**
 * `/logout`: ends the session (POST /account/token/revoke, with the `client_id` and
 * `redirect_uri` of the page's query) and goes where the server says, sign-in by default.
 * A link or a bookmark to this page signs out as the menu's Logout does.
 */
export function Component() {
  const { t } = useTranslation("user-menu");
  const revoke = useRevokeToken();
  const { mutate } = revoke;
  const { search } = useLocation();
  // Development's strict mode mounts twice; one revoke is enough.
  const started = useRef(false);

  const signOut = useCallback(
    () =>
      mutate(revokeBodyFromQuery(search), {
        onSuccess: ({ location }) =>
          browserLocation.assign(sameOriginTarget(location, ACCOUNT_PAGES.signIn)),
      }),
    [mutate, search],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut();
  }, [signOut]);

  if (revoke.isError) {
    return (
      <ErrorScreen
        title={t("signOutFailed")}
        message={toApiRequestError(revoke.error).message}
        onRetry={signOut}
      />
    );
  }
  return <FullPageLoader label={t("signingOut")} />;
}
