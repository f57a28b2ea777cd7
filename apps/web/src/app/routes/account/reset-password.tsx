import { Anchor } from "@mantine/core";
import { Link, useSearchParams } from "react-router";
import { AuthLayout } from "../../../components/layout/auth-layout";
import { ACCOUNT_PAGES } from "../../../lib/account-paths";
import { InvalidLink } from "../../../features/account/components/invalid-link";
import { ResetPasswordForm } from "../../../features/account/components/reset-password-form";

export function Component() {
  const [params] = useSearchParams();
  const token = params.get("token");
  return (
    <AuthLayout
      title="Choose a new password"
      footer={
        <Anchor component={Link} to={ACCOUNT_PAGES.signIn} size="sm">
          Back to sign-in
        </Anchor>
      }
    >
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <InvalidLink action={{ label: "Request a new link", to: ACCOUNT_PAGES.forgotPassword }}>
          This password reset link is incomplete. Open the link from the e-mail again.
        </InvalidLink>
      )}
    </AuthLayout>
  );
}
