import { Outlet } from "react-router";
import { ConsoleShell } from "../../../components/layout/console-shell";
import { ErrorScreen } from "../../../components/layout/error-screen";
import { FullPageLoader } from "../../../components/layout/full-page-loader";
import { AccountControls } from "../../../features/account/components/account-controls";
import { EmailNotVerifiedScreen } from "../../../features/account/components/email-not-verified-screen";
import { useCurrentUser } from "../../../features/users/api/get-current-user";
import { toApiRequestError } from "../../../lib/http";

/** Console pages need the current user: until it is known nothing else renders. */
export function Component() {
  const user = useCurrentUser();

  if (user.isPending) return <FullPageLoader />;
  if (user.isError) {
    const error = toApiRequestError(user.error);
    if (error.hasCode("EMAIL_NOT_VERIFIED")) {
      const email = error.meta?.email;
      return <EmailNotVerifiedScreen email={typeof email === "string" ? email : null} />;
    }
    // The HTTP client is already taking the browser to sign-in.
    if (error.status === 401) return <FullPageLoader label="Signing in" />;
    return (
      <ErrorScreen
        title="Netfleet is unavailable"
        message={error.message}
        onRetry={() => void user.refetch()}
      />
    );
  }

  return (
    <ConsoleShell headerEnd={<AccountControls email={user.data.email} />}>
      <Outlet />
    </ConsoleShell>
  );
}
