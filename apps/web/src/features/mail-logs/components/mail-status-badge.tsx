import { Badge } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import type { MailStatus } from "@netfleet/contracts/schemas/mail-logs";

/** Theme colours, so that the badges read in light and dark alike. */
const STATUS_COLOR = {
  outbox: "gray",
  pending: "blue",
  sent: "teal",
  failed: "red",
} as const satisfies Record<MailStatus, string>;

export function MailStatusBadge({ status }: { status: MailStatus }) {
  const { t } = useTranslation("mail-logs");
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} size="sm" miw="max-content">
      {t(`status.${status}`)}
    </Badge>
  );
}
