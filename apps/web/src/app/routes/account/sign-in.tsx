import { useTranslation } from "../../../lib/i18n";
import { useSearchParams } from "../../../lib/router";
import { AuthLayout } from "../../../components/layout/auth-layout";
import { SignInForm } from "../../../features/account/components/sign-in-form";

export function Component() {
  const { t } = useTranslation("account");
  const [params] = useSearchParams();
  return (
    <AuthLayout title={t("signIn")} description={t("signInDescription")}>
      <SignInForm continueUrl={params.get("continue_url")} />
    </AuthLayout>
  );
}
