import { useEffect } from "react";
import { Button, Group, Loader, Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCircleCheck, IconLinkOff } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "../../../lib/i18n";
import { Link } from "../../../lib/router";
import { ACCOUNT_PAGES } from "../../../lib/account-paths";
import { toApiRequestError } from "../../../lib/http";
import { formatDateTime } from "../../../lib/format";
import { CURRENT_USER_KEY } from "../../../lib/viewer";
import { useConfirmImpersonationAccess } from "../api/confirm-impersonation-access";

/** Applies the grant of an e-mailed link and says whether it worked. */
export function ConfirmImpersonationAccess({ token }: { token: string }) {
  const { t } = useTranslation("impersonation");
  const confirmation = useConfirmImpersonationAccess(token);
  const queryClient = useQueryClient();
  const confirmed = confirmation.isSuccess;

  // The user menu shows the grant: read the user again once it changed.
  useEffect(() => {
    if (confirmed) void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  }, [confirmed, queryClient]);

  let body;
  if (confirmation.isPending) {
    body = (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text size="sm">{t("confirming")}</Text>
      </Group>
    );
  } else if (confirmation.isError) {
    body = (
      <Group wrap="nowrap" align="flex-start" gap="md" role="alert">
        <ThemeIcon variant="light" color="orange" size="lg" aria-hidden>
          <IconLinkOff size={20} />
        </ThemeIcon>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t("confirmFailed")}
          </Text>
          <Text size="sm">{toApiRequestError(confirmation.error).message}</Text>
        </Stack>
      </Group>
    );
  } else {
    body = (
      <Group wrap="nowrap" align="flex-start" gap="md" role="status">
        <ThemeIcon variant="light" color="teal" size="lg" aria-hidden>
          <IconCircleCheck size={20} />
        </ThemeIcon>
        <Text size="sm">
          {t("confirmed", {
            time: formatDateTime(confirmation.data.impersonation_access_limit),
          })}
        </Text>
      </Group>
    );
  }

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} maw={640}>
      <Stack gap="lg" align="flex-start">
        {body}
        {!confirmation.isPending && (
          <Button component={Link} to={ACCOUNT_PAGES.settings} variant="light">
            {t("backToSettings")}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
