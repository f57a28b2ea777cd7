import type { ReactNode } from "react";
import { Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useTranslation } from "../../lib/i18n";
import { NoticeScreen } from "./notice-screen";

/** Guard rule 6: the signed-in user holds no view permission at all (shell §5). */
export function AccessDeniedScreen({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation("startup");
  return (
    <NoticeScreen
      title={t("accessDeniedTitle")}
      icon={<IconLock size={20} />}
      color="red"
      actions={actions}
    >
      <Text size="sm">{t("accessDeniedMessage")}</Text>
      <Text size="sm" c="dimmed">
        {t("accessDeniedHint")}
      </Text>
    </NoticeScreen>
  );
}
