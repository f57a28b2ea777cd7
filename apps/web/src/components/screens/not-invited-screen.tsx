import type { ReactNode } from "react";
import { Text } from "@mantine/core";
import { IconUserQuestion } from "@tabler/icons-react";
import { useTranslation } from "../../lib/i18n";
import { NoticeScreen } from "./notice-screen";

interface NotInvitedScreenProps {
  /** The external account's address, when the server named it. */
  email: string | null;
  actions?: ReactNode;
}

/** Error code NOT_INVITED_EXTERNAL_USER: a single-sign-on user nobody invited (shell §8). */
export function NotInvitedScreen({ email, actions }: NotInvitedScreenProps) {
  const { t } = useTranslation("startup");
  return (
    <NoticeScreen
      title={t("notInvitedTitle")}
      icon={<IconUserQuestion size={20} />}
      actions={actions}
    >
      <Text size="sm">{t("notInvitedMessage")}</Text>
      <Text size="sm" c="dimmed">
        {email ? t("notInvitedHint", { email }) : t("notInvitedHintNoEmail")}
      </Text>
    </NoticeScreen>
  );
}
