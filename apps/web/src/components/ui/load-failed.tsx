import { Alert, type AlertProps, Button, Stack, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "../../lib/i18n";
import { toApiRequestError } from "../../lib/http";

/**
 * What a page or list says when its data could not be loaded: the server's message and a
 * button that asks again.
 */
export function LoadFailed({
  title,
  error,
  onRetry,
  ...alert
}: { title: string; error: unknown; onRetry: () => unknown } & Omit<AlertProps, "title">) {
  const { t } = useTranslation("common");
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertCircle size={18} />}
      role="alert"
      {...alert}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{toApiRequestError(error).message}</Text>
        <Button size="xs" variant="default" onClick={() => void onRetry()}>
          {t("retry")}
        </Button>
      </Stack>
    </Alert>
  );
}
