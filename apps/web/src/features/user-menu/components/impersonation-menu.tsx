import { Box, Menu, Text } from "@mantine/core";
import { IconUserX } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { formatDateTime } from "../../../lib/format";
import { SubMenuHeader } from "./sub-menu-header";

interface ImpersonationMenuProps {
  /** Until when this user allows being impersonated (ISO date). */
  limit: string;
  onRevoke: () => void;
  onBack: () => void;
}

/** The user's grant to be impersonated: until when it runs, and a way to end it now. */
export function ImpersonationMenu({ limit, onRevoke, onBack }: ImpersonationMenuProps) {
  const { t } = useTranslation("user-menu");
  return (
    <>
      <SubMenuHeader
        title={t("impersonationUntil", { time: formatDateTime(limit) })}
        onBack={onBack}
      />
      <Box px="sm" pb="xs" maw={280}>
        <Text size="sm">{t("impersonationExplained")}</Text>
      </Box>
      <Menu.Item color="red" leftSection={<IconUserX size={16} aria-hidden />} onClick={onRevoke}>
        {t("revokeAccess")}
      </Menu.Item>
    </>
  );
}
