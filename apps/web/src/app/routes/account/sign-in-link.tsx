import { useTranslation } from "../../../lib/i18n";
import { useSearchParams } from "../../../lib/router";
import { AuthLayout } from "../../../components/layout/auth-layout";
import { ACCOUNT_PAGES } from "../../../lib/account-paths";
import { InvalidLink } from "../../../features/account/components/invalid-link";
import { SignInLinkForm } from "../../../features/account/components/sign-in-link-form";

/** `/account/sign-in-link?token=…`: where the e-mailed sign-in link leads. */
export function Component() {
  const { t } = useTranslation("account");
  const [params] = useSearchParams();
  const token = params.get("token");
  return (
    <AuthLayout title={t("signInLinkTitle")}>
      {token ? (
        <SignInLinkForm token={token} continueUrl={params.get("continue_url")} />
      ) : (
        <InvalidLink action={{ label: t("goToSignIn"), to: ACCOUNT_PAGES.signIn }}>
          {t("signInLinkIncomplete")}
        </InvalidLink>
      )}
    </AuthLayout>
  );
}
