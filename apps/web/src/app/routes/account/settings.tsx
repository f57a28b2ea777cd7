import { Anchor, Group, Stack } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { Link } from "../../../lib/router";
import { DEFAULT_LANDING_PAGE } from "@netfleet/contracts/constants";
import { PageHeader } from "../../../components/layout/page-header";
import { ChangePasswordForm } from "../../../features/account/components/change-password-form";
import { MfaSettings } from "../../../features/account/components/mfa-settings";
import { PersonalAccessTokens } from "../../../features/account/components/personal-access-tokens";
import { SupportAccessCard } from "../../../features/impersonation/components/support-access-card";
import { useCurrentUser } from "../../../features/users/api/get-current-user";

export function Component() {
  const { t } = useTranslation("account");
  const user = useCurrentUser();
  return (
    <>
      <PageHeader
        title={t("settingsTitle")}
        description={user.data && t("signedInAs", { email: user.data.email })}
        above={
          <Anchor component={Link} to={DEFAULT_LANDING_PAGE} size="sm" w="fit-content">
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={14} aria-hidden />
              {t("backToConsole")}
            </Group>
          </Anchor>
        }
      />
      <Stack gap={48}>
        {user.data && <SupportAccessCard limit={user.data.impersonation_access_limit} />}
        <MfaSettings />
        <ChangePasswordForm />
        <PersonalAccessTokens />
      </Stack>
    </>
  );
}
