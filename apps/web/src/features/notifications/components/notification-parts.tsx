import { Anchor, ThemeIcon } from "@mantine/core";
import {
  IconAlertTriangle,
  IconCoins,
  IconTicket,
  IconUserPlus,
  type Icon,
} from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { Link } from "../../../lib/router";
import type { NotificationType } from "@netfleet/contracts/schemas/notifications";
import { useTheme } from "../../../lib/app-config";
import { moreResourcesTarget } from "../notification-rules";

const TYPE_LOOK: Record<NotificationType, { icon: Icon; color: string }> = {
  invitedUserRegistration: { icon: IconUserPlus, color: "teal" },
  creditCodeActivation: { icon: IconTicket, color: "grape" },
  creditAmountTooLow: { icon: IconCoins, color: "orange" },
  deviceAlert: { icon: IconAlertTriangle, color: "red" },
};

/** The notification type as a round icon, named for screen readers. */
export function NotificationTypeIcon({
  type,
  size = 32,
}: {
  type: NotificationType;
  size?: number;
}) {
  const { t } = useTranslation("notifications");
  const { icon: TypeIcon, color } = TYPE_LOOK[type];
  return (
    <ThemeIcon
      variant="light"
      color={color}
      radius="xl"
      size={size}
      role="img"
      aria-label={t(`type.${type}`)}
      style={{ flex: "none" }}
    >
      <TypeIcon size={Math.round(size * 0.55)} stroke={1.7} aria-hidden />
    </ThemeIcon>
  );
}

/**
 * "Get more resources" of a low-credit notification (SH-NOTIF-003): the installation's
 * shop in a new tab when it has one, else the credits page.
 */
export function MoreResourcesLink({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation("notifications");
  const target = moreResourcesTarget(useTheme());
  return target.external ? (
    <Anchor href={target.href} target="_blank" rel="noopener noreferrer" size="xs" fw={500}>
      {t("getMoreResources")}
    </Anchor>
  ) : (
    <Anchor component={Link} to={target.href} onClick={onNavigate} size="xs" fw={500}>
      {t("getMoreResources")}
    </Anchor>
  );
}
