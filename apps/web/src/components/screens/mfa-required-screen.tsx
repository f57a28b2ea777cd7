import type { ReactNode } from "react";
import { Text } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { useTranslation } from "../../lib/i18n";
import { NoticeScreen } from "./notice-screen";

/** Error code MFA_MANDATORY: the account must have a second factor first (shell §8). */
export function MfaRequiredScreen({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation("startup");
  return (
    <NoticeScreen title={t("mfaTitle")} icon={<IconShieldLock size={20} />} actions={actions}>
      <Text size="sm">{t("mfaMessage")}</Text>
      <Text size="sm" c="dimmed">
        {t("mfaHint")}
      </Text>
    </NoticeScreen>
  );
}
