import { Button, Group, Loader, Text, ThemeIcon } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { DEFAULT_LANDING_PAGE } from "@netfleet/contracts/constants";
import { toApiRequestError } from "../../../lib/http";
import { useVerifyEmail } from "../api/verify-email";
import { InvalidLink } from "./invalid-link";

// A full page load: the console must read the now verified user afresh.
const consoleLink = { component: "a", href: DEFAULT_LANDING_PAGE } as const;

export function VerifyEmailStatus({ token }: { token: string }) {
  const { t } = useTranslation("account");
  const verification = useVerifyEmail(token);

  if (verification.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text size="sm">{t("verifying")}</Text>
      </Group>
    );
  }
  if (verification.isError) {
    const error = toApiRequestError(verification.error);
    return (
      <InvalidLink action={{ label: t("goToConsole"), to: DEFAULT_LANDING_PAGE }}>
        {error.hasCode("INVALID_TOKEN") ? t("verifyInvalid") : error.message}
      </InvalidLink>
    );
  }
  return (
    <>
      <Group wrap="nowrap" align="flex-start" gap="md" role="status">
        <ThemeIcon variant="light" color="teal" size="lg" aria-hidden>
          <IconCircleCheck size={20} />
        </ThemeIcon>
        <Text size="sm">{verification.data ?? t("verified")}</Text>
      </Group>
      <Button {...consoleLink}>{t("goToConsole")}</Button>
    </>
  );
}
