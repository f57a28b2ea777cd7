import { Anchor } from "@mantine/core";
import { Trans, useTranslation } from "../../../lib/i18n";
import { Link, useSearchParams } from "../../../lib/router";
import { AuthLayout } from "../../../components/layout/auth-layout";
import { ACCOUNT_PAGES } from "../../../lib/account-paths";
import { InvalidLink } from "../../../features/account/components/invalid-link";
import { RegisterForm } from "../../../features/account/components/register-form";

export function Component() {
  const { t } = useTranslation("account");
  const [params] = useSearchParams();
  const token = params.get("token");
  return (
    <AuthLayout
      title={t("registerTitle")}
      description={t("registerDescription")}
      footer={
        <Trans
          t={t}
          i18nKey="haveAccount"
          components={[<Anchor component={Link} to={ACCOUNT_PAGES.signIn} size="sm" />]}
        />
      }
    >
      {token ? (
        <RegisterForm token={token} />
      ) : (
        <InvalidLink action={{ label: t("goToSignIn"), to: ACCOUNT_PAGES.signIn }}>
          {t("invitationIncomplete")}
        </InvalidLink>
      )}
    </AuthLayout>
  );
}
