import { Text, ThemeIcon } from "@mantine/core";
import { IconAlertOctagon, IconAlertTriangle, IconInfoCircle } from "@tabler/icons-react";
import type { TFunction } from "../../../lib/i18n";
import type { NoticeType } from "@netfleet/contracts/schemas/notices";
import { sanitizeNoticeHtml } from "../sanitize-notice-html";
import classes from "./notice-message.module.css";

const TYPES = {
  info: { color: "blue", Icon: IconInfoCircle, label: "typeInfo" },
  warning: { color: "yellow", Icon: IconAlertTriangle, label: "typeWarning" },
  critical: { color: "red", Icon: IconAlertOctagon, label: "typeCritical" },
} as const satisfies Record<NoticeType, { color: string; Icon: unknown; label: string }>;

/** The notice type's name in the user's language (namespace `notices`). */
export function noticeTypeLabel(type: NoticeType, t: TFunction<"notices">): string {
  return t(TYPES[type].label);
}

interface NoticeTypeIconProps {
  type: NoticeType;
  t: TFunction<"notices">;
  /** Set where the type's name is written next to it. */
  decorative?: boolean;
}

/** The type's coloured icon, named for screen readers unless its name is written beside it. */
export function NoticeTypeIcon({ type, t, decorative }: NoticeTypeIconProps) {
  const { color, Icon } = TYPES[type];
  const a11y = decorative
    ? { "aria-hidden": true }
    : { role: "img", "aria-label": noticeTypeLabel(type, t) };
  return (
    <ThemeIcon color={color} variant="light" radius="xl" size="md" {...a11y}>
      <Icon size={16} stroke={1.8} aria-hidden />
    </ThemeIcon>
  );
}

interface NoticeMessageProps {
  html: string;
  /** Two lines at most, for table rows. */
  clamped?: boolean;
}

/** A notice's message: its HTML after the allow-list, never as written. */
export function NoticeMessage({ html, clamped }: NoticeMessageProps) {
  return (
    <Text
      component="div"
      size="sm"
      className={clamped ? `${classes.message} ${classes.clamped}` : classes.message}
      data-notice-message
      dangerouslySetInnerHTML={{ __html: sanitizeNoticeHtml(html) }}
    />
  );
}
