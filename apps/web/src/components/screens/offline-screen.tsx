import { useState } from "react";
import { Button, Text } from "@mantine/core";
import { IconWifiOff } from "@tabler/icons-react";
import { useTranslation } from "../../lib/i18n";
import { browserLocation } from "../../lib/browser-location";
import { NoticeScreen } from "./notice-screen";

interface OfflineScreenProps {
  /** Where "Try again" leads once the browser is back online (same origin only). */
  continueTo: string;
}

/** The offline page (shell §4 Start-up, §8): nothing can load until the network is back. */
export function OfflineScreen({ continueTo }: OfflineScreenProps) {
  const { t } = useTranslation("startup");
  const [stillOffline, setStillOffline] = useState(false);

  const retry = () => {
    if (navigator.onLine) browserLocation.assign(continueTo);
    else setStillOffline(true);
  };

  return (
    <NoticeScreen
      title={t("offlineTitle")}
      icon={<IconWifiOff size={20} />}
      color="gray"
      actions={<Button onClick={retry}>{t("retry")}</Button>}
    >
      <Text size="sm">{t("offlineMessage")}</Text>
      <Text size="sm" c="dimmed" role="status">
        {stillOffline ? t("stillOffline") : null}
      </Text>
    </NoticeScreen>
  );
}
