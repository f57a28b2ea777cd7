import { Anchor } from "@mantine/core";
import { Link, useSearchParams } from "react-router";
import { AuthLayout } from "../../../components/layout/auth-layout";
import { ACCOUNT_PAGES } from "../../../lib/account-paths";
import { InvalidLink } from "../../../features/account/components/invalid-link";
import { RegisterForm } from "../../../features/account/components/register-form";

export function Component() {
  const [params] = useSearchParams();
  const token = params.get("token");
  return (
    <AuthLayout
      title="Accept invitation"
      description="Set up your account to start using Netfleet."
      footer={
        <>
          Already have an account?{" "}
          <Anchor component={Link} to={ACCOUNT_PAGES.signIn} size="sm">
            Sign in
          </Anchor>
        </>
      }
    >
      {token ? (
        <RegisterForm token={token} />
      ) : (
        <InvalidLink action={{ label: "Go to sign-in", to: ACCOUNT_PAGES.signIn }}>
          This invitation link is incomplete. Open the link from the invitation e-mail again.
        </InvalidLink>
      )}
    </AuthLayout>
  );
}
