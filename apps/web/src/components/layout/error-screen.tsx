import type { ReactNode } from "react";
import { useTranslation } from "../../lib/i18n";
import { Button, Group, Text, ThemeIcon } from "@mantine/core";
import { IconServerOff } from "@tabler/icons-react";
import { AuthLayout } from "./auth-layout";
import { browserLocation } from "../../lib/browser-location";

interface ErrorScreenProps {
  title: string;
  message: ReactNode;
  onRetry?: () => void;
}

/** A standalone screen for failures that leave nothing else to show. */
export function ErrorScreen({ title, message, onRetry }: ErrorScreenProps) {
  const { t } = useTranslation("common");
  return (
    <AuthLayout title={title}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon variant="light" color="red" size="lg" aria-hidden>
          <IconServerOff size={20} />
        </ThemeIcon>
        <Text size="sm">{message}</Text>
      </Group>
      <Button onClick={onRetry ?? (() => browserLocation.reload())}>{t("retry")}</Button>
    </AuthLayout>
  );
}
