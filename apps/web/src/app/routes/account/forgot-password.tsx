import { Anchor } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import { Link } from "../../../lib/router";
import { AuthLayout } from "../../../components/layout/auth-layout";
import { ACCOUNT_PAGES } from "../../../lib/account-paths";
import { ForgotPasswordForm } from "../../../features/account/components/forgot-password-form";

export function Component() {
  const { t } = useTranslation("account");
  return (
    <AuthLayout
      title={t("forgotTitle")}
      description={t("forgotDescription")}
      footer={
        <Anchor component={Link} to={ACCOUNT_PAGES.signIn} size="sm">
          {t("backToSignIn")}
        </Anchor>
      }
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
