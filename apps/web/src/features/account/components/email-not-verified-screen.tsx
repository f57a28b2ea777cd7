import { Button, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import { IconMailForward } from "@tabler/icons-react";
import { Trans, useTranslation } from "../../../lib/i18n";
import { AuthLayout } from "../../../components/layout/auth-layout";
import { useTheme } from "../../../lib/app-config";
import { toApiRequestError } from "../../../lib/http";
import { useResendActivation } from "../api/resend-activation";
import { SignOutButton } from "./sign-out-button";

/** Start-up screen for an account whose e-mail address is not confirmed yet (shell §8). */
export function EmailNotVerifiedScreen({ email }: { email: string | null }) {
  const { t } = useTranslation("account");
  const { app_name: app } = useTheme();
  const resend = useResendActivation();

  const resendEmail = () =>
    resend.mutate(undefined, {
      onSuccess: () => notifications.show({ color: "teal", message: t("resent") }),
      onError: (error) =>
        notifications.show({
          color: "red",
          message: t("resendFailed", { status: toApiRequestError(error).statusText }),
        }),
    });

  return (
    <AuthLayout title={t("confirmTitle")}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon variant="light" size="lg" aria-hidden>
          <IconMailForward size={20} />
        </ThemeIcon>
        <Stack gap="xs">
          <Text size="sm">
            {email ? (
              <Trans t={t} i18nKey="sentTo" values={{ email, app }} components={[<strong />]} />
            ) : (
              t("sentToYou", { app })
            )}
          </Text>
          <Text size="sm" c="dimmed">
            {t("noEmail")}
          </Text>
        </Stack>
      </Group>
      <Group grow preventGrowOverflow={false} wrap="wrap">
        <Button onClick={resendEmail} loading={resend.isPending}>
          {t("resend")}
        </Button>
        <SignOutButton label={t("signOut")} />
      </Group>
    </AuthLayout>
  );
}
