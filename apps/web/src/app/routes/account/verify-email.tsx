import { useSearchParams } from "react-router";
import { DEFAULT_LANDING_PAGE } from "@netfleet/contracts/constants";
import { AuthLayout } from "../../../components/layout/auth-layout";
import { InvalidLink } from "../../../features/account/components/invalid-link";
import { VerifyEmailStatus } from "../../../features/account/components/verify-email-status";

export function Component() {
  const [params] = useSearchParams();
  const token = params.get("token");
  return (
    <AuthLayout title="Confirm e-mail address">
      {token ? (
        <VerifyEmailStatus token={token} />
      ) : (
        <InvalidLink action={{ label: "Go to the console", to: DEFAULT_LANDING_PAGE }}>
          This confirmation link is incomplete. Open the link from the e-mail again.
        </InvalidLink>
      )}
    </AuthLayout>
  );
}
