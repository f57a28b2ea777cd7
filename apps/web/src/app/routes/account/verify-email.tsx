import { useTranslation } from "../../../lib/i18n";
import { useSearchParams } from "../../../lib/router";
import { DEFAULT_LANDING_PAGE } from "@netfleet/contracts/constants";
import { AuthLayout } from "../../../components/layout/auth-layout";
import { InvalidLink } from "../../../features/account/components/invalid-link";
import { VerifyEmailStatus } from "../../../features/account/components/verify-email-status";

export function Component() {
  const { t } = useTranslation("account");
  const [params] = useSearchParams();
  const token = params.get("token");
  return (
    <AuthLayout title={t("verifyTitle")}>
      {token ? (
        <VerifyEmailStatus token={token} />
      ) : (
        <InvalidLink action={{ label: t("goToConsole"), to: DEFAULT_LANDING_PAGE }}>
          {t("verifyIncomplete")}
        </InvalidLink>
      )}
    </AuthLayout>
  );
}
