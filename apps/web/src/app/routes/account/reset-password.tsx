import { Anchor } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import { Link, useSearchParams } from "../../../lib/router";
import { AuthLayout } from "../../../components/layout/auth-layout";
import { ACCOUNT_PAGES } from "../../../lib/account-paths";
import { InvalidLink } from "../../../features/account/components/invalid-link";
import { ResetPasswordForm } from "../../../features/account/components/reset-password-form";

export function Component() {
  const { t } = useTranslation("account");
  const [params] = useSearchParams();
  const token = params.get("token");
  return (
    <AuthLayout
      title={t("resetTitle")}
      footer={
        <Anchor component={Link} to={ACCOUNT_PAGES.signIn} size="sm">
          {t("backToSignIn")}
        </Anchor>
      }
    >
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <InvalidLink action={{ label: t("requestNewLink"), to: ACCOUNT_PAGES.forgotPassword }}>
          {t("resetIncomplete")}
        </InvalidLink>
      )}
    </AuthLayout>
  );
}
