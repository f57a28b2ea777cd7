import { Button, Text } from "@mantine/core";
import { IconTool } from "@tabler/icons-react";
import { useTranslation } from "../../lib/i18n";
import { NoticeScreen } from "./notice-screen";
import { browserLocation } from "../../lib/browser-location";

/** What went wrong, as start-up saw it: the failure's message and HTTP status. */
export interface MaintenanceErrorData {
  message: string;
  status: number;
}

interface MaintenanceScreenProps {
  /** Absent when the screen shows because of the failure counter rather than one error. */
  error?: MaintenanceErrorData | null;
  /** Defaults to reloading the page, which starts the console again. */
  onRetry?: () => void;
}

/**
 * The server cannot serve the console (shell §4 Maintenance, §8): session start failed
 * for a reason other than a known code, or too many user requests or revokes failed.
 */
export function MaintenanceScreen({ error, onRetry }: MaintenanceScreenProps) {
  const { t } = useTranslation("startup");
  return (
    <NoticeScreen
      title={t("maintenanceTitle")}
      icon={<IconTool size={20} />}
      color="orange"
      actions={<Button onClick={onRetry ?? (() => browserLocation.reload())}>{t("retry")}</Button>}
    >
      <Text size="sm">{t("maintenanceMessage")}</Text>
      {error && (
        <Text size="sm" c="dimmed">
          {t("maintenanceDetail", { message: error.message, status: error.status })}
        </Text>
      )}
    </NoticeScreen>
  );
}
