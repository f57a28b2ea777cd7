import { Anchor } from "@mantine/core";
import { Link } from "react-router";
import { AuthLayout } from "../../../components/layout/auth-layout";
import { ACCOUNT_PAGES } from "../../../lib/account-paths";
import { ForgotPasswordForm } from "../../../features/account/components/forgot-password-form";

export function Component() {
  return (
    <AuthLayout
      title="Reset password"
      description="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <Anchor component={Link} to={ACCOUNT_PAGES.signIn} size="sm">
          Back to sign-in
        </Anchor>
      }
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
