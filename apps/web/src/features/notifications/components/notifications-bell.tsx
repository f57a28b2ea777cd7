import { useEffect, useId, useState, type ReactNode } from "react";
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "../../../lib/i18n";
import { Link } from "../../../lib/router";
import { routeByName } from "@netfleet/contracts/routes";
import { NOTIFICATION_CREATED_EVENT, notificationChannel } from "@netfleet/contracts/events";
import type { Notification } from "@netfleet/contracts/schemas/notifications";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";
import { formatDateTime } from "../../../lib/format";
import { useChannelEvent } from "../../../lib/realtime";
import { listNotificationsQuery, useNotifications } from "../api/list-notifications";
import { useMarkNotificationsSeen } from "../api/mark-notifications-seen";
import {
  badgeText,
  isUnseen,
  loadFailureMessage,
  offersMoreResources,
  unseenIds,
  withNotificationAdded,
} from "../notification-rules";
import { timeAgo } from "../notification-time";
import { MoreResourcesLink, NotificationTypeIcon } from "./notification-parts";
import classes from "./notifications.module.css";

/** How many of the newest notifications the bell lists. */
export const BELL_LIMIT = 10;
const BELL_PARAMS = { limit: BELL_LIMIT, offset: 0 };
/** Relative times move on while the list is open. */
const CLOCK_TICK_MS = 30_000;

/**
 * The header's notifications bell (shell §2 Notifications and notices, §4 Notifications):
 * the newest notifications with a badge counting the unseen ones. Closing the list marks
 * the unseen ones it showed as seen; pushed notifications join the top as they arrive.
 */
export function NotificationsBell({ user }: { user: CurrentUser }) {
  const { t } = useTranslation("notifications");
  const queryClient = useQueryClient();
  const list = useNotifications(BELL_PARAMS, "bell");
  const markSeen = useMarkNotificationsSeen();
  const [opened, setOpened] = useState(false);
  const [now, setNow] = useState(Date.now);
  const countId = useId();

  useChannelEvent(
    notificationChannel(user.id),
    NOTIFICATION_CREATED_EVENT,
    (notification: Notification) =>
      queryClient.setQueryData(
        listNotificationsQuery(BELL_PARAMS, "bell").queryKey,
        (page) => page && withNotificationAdded(page, notification, BELL_LIMIT),
      ),
  );

  useEffect(() => {
    if (!opened) return;
    const timer = window.setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, [opened]);

  const toggle = (next: boolean) => {
    if (next === opened) return;
    setOpened(next);
    if (next) {
      setNow(Date.now());
      void list.refetch();
      return;
    }
    const ids = unseenIds(list.data?.data ?? []);
    if (ids.length > 0) markSeen.mutate(ids);
  };

  const unseen = list.data?.meta.unseen ?? 0;
  const allPath = routeByName("notifications.main")?.path ?? "/notifications";

  let body: ReactNode;
  if (list.isError) {
    body = (
      <Stack gap="xs" align="center" px="md" py="lg" role="alert">
        <Text size="sm" c="red" ta="center">
          {loadFailureMessage(list.error, t("loadFailed"))}
        </Text>
        <Button size="xs" variant="default" onClick={() => void list.refetch()}>
          {t("retry", { ns: "lists" })}
        </Button>
      </Stack>
    );
  } else if (!list.data) {
    body = (
      <Group justify="center" py="lg" role="status" aria-label={t("loading")}>
        <Loader size="sm" />
      </Group>
    );
  } else if (list.data.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed" ta="center" px="md" py="lg">
        {t("none")}
      </Text>
    );
  } else {
    body = (
      <ScrollArea.Autosize mah={400} type="auto">
        <ul className={classes.list}>
          {list.data.data.map((notification) => (
            <BellItem
              key={notification.id}
              notification={notification}
              now={now}
              onNavigate={() => toggle(false)}
            />
          ))}
        </ul>
      </ScrollArea.Autosize>
    );
  }

  return (
    <Popover
      opened={opened}
      onChange={toggle}
      position="bottom-end"
      width={380}
      shadow="md"
      withinPortal
      trapFocus={false}
      // The header never scrolls away; measuring whether it did only hides the list in tests.
      hideDetached={false}
    >
      <Popover.Target>
        <Indicator
          inline
          color="red"
          size={16}
          offset={7}
          disabled={unseen === 0}
          label={<span aria-hidden>{badgeText(unseen)}</span>}
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t("notifications")}
            aria-describedby={unseen > 0 ? countId : undefined}
            aria-expanded={opened}
            onClick={() => toggle(!opened)}
            // The list keeps focus on the bell, where the list's own Escape handling is not.
            onKeyDown={(event) => {
              if (event.key === "Escape") toggle(false);
            }}
          >
            <IconBell size={20} stroke={1.6} aria-hidden />
            {unseen > 0 && (
              <VisuallyHidden id={countId}>{t("unseenCount", { count: unseen })}</VisuallyHidden>
            )}
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0} className={classes.dropdown}>
        <section aria-label={t("notifications")}>
          <Group justify="space-between" px="md" py="sm" gap="xs">
            <Text fw={600} size="sm">
              {t("notifications")}
            </Text>
            {unseen > 0 && (
              <Badge size="sm" variant="light" tt="none">
                {t("unseenCount", { count: unseen })}
              </Badge>
            )}
          </Group>
          <Divider />
          {body}
          <Divider />
          <Anchor
            component={Link}
            to={allPath}
            size="sm"
            fw={500}
            className={classes.footer}
            onClick={() => toggle(false)}
          >
            {t("showAll")}
          </Anchor>
        </section>
      </Popover.Dropdown>
    </Popover>
  );
}

function BellItem({
  notification,
  now,
  onNavigate,
}: {
  notification: Notification;
  now: number;
  onNavigate: () => void;
}) {
  const { t, i18n } = useTranslation("notifications");
  const unseen = isUnseen(notification);
  return (
    <li className={classes.item} data-unseen={unseen || undefined}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <NotificationTypeIcon type={notification.type} />
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Text size="sm" fw={unseen ? 600 : 400} className={classes.summary}>
            {notification.summary}
          </Text>
          <Text
            size="xs"
            c="dimmed"
            component="time"
            dateTime={notification.created_at}
            title={formatDateTime(notification.created_at)}
          >
            {timeAgo(notification.created_at, i18n.language, now)}
          </Text>
          {offersMoreResources(notification.type) && <MoreResourcesLink onNavigate={onNavigate} />}
        </Stack>
        {unseen && (
          <span className={classes.dot}>
            <VisuallyHidden>{t("unseen")}</VisuallyHidden>
          </span>
        )}
      </Group>
    </li>
  );
}
