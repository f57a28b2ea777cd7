import type { ReactNode } from "react";
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
} from "@mantine/core";
import { IconAlertCircle, IconBellOff, IconChecks } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "../../../lib/i18n";
import { NOTIFICATION_CREATED_EVENT, notificationChannel } from "@netfleet/contracts/events";
import type { Notification } from "@netfleet/contracts/schemas/notifications";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";
import { EmptyState } from "../../../components/ui/empty-state";
import { ListPager } from "../../../components/ui/list-pager";
import { formatDateTime } from "../../../lib/format";
import { useChannelEvent } from "../../../lib/realtime";
import { useUrlParams } from "../../../lib/url-params";
import {
  type ListNotificationsParams,
  type SeenFilter,
  listNotificationsQuery,
  useNotifications,
} from "../api/list-notifications";
import { useMarkAllNotificationsSeen } from "../api/mark-notifications-seen";
import {
  isUnseen,
  loadFailureMessage,
  offersMoreResources,
  withNotificationAdded,
} from "../notification-rules";
import { timeAgo } from "../notification-time";
import { MoreResourcesLink, NotificationTypeIcon } from "./notification-parts";
import classes from "./notifications.module.css";

export const NOTIFICATIONS_PAGE_SIZE = 20;

type Filter = "all" | SeenFilter;
const FILTERS: readonly Filter[] = ["all", "unseen", "seen"];

function parseFilter(value: string | null): Filter {
  return FILTERS.find((f) => f === value) ?? "all";
}

const FILTER_LABEL = { all: "filterAll", unseen: "filterUnseen", seen: "filterSeen" } as const;
const EMPTY = {
  all: { title: "none", text: "emptyText" },
  unseen: { title: "noneUnseen", text: "noneUnseenText" },
  seen: { title: "noneSeen", text: "noneSeenText" },
} as const;

/**
 * Every notification of the user, 20 to a page, newest first, filtered by seen state. The
 * filter and page live in the URL (`?seen=unseen&page=2`) so reloading and Back keep the
 * view. Pushed notifications join the top of the first page as they arrive.
 */
export function NotificationsList({ user }: { user: CurrentUser }) {
  const { t } = useTranslation("notifications");
  const { t: tl } = useTranslation("lists");
  const queryClient = useQueryClient();
  const [search, update] = useUrlParams();
  const filter = parseFilter(search.get("seen"));
  const page = Math.max(1, Math.floor(Number(search.get("page"))) || 1);
  const params: ListNotificationsParams = {
    limit: NOTIFICATIONS_PAGE_SIZE,
    offset: (page - 1) * NOTIFICATIONS_PAGE_SIZE,
    ...(filter === "all" ? {} : { seen: filter }),
  };
  const list = useNotifications(params, "page");
  const markAll = useMarkAllNotificationsSeen();

  useChannelEvent(
    notificationChannel(user.id),
    NOTIFICATION_CREATED_EVENT,
    (notification: Notification) => {
      const { queryKey } = listNotificationsQuery(params, "page");
      // Only the first page of a list new notifications belong to gains a row; any other
      // view shifts or is unaffected, and simply loads again.
      if (params.offset === 0 && params.seen !== "seen") {
        queryClient.setQueryData(
          queryKey,
          (current) =>
            current && withNotificationAdded(current, notification, NOTIFICATIONS_PAGE_SIZE),
        );
      } else {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  );

  const changePage = (next: number) => update({ page: next > 1 ? String(next) : null });

  const unseen = list.data?.meta.unseen ?? 0;
  const total = list.data?.meta.total ?? 0;
  const rows = list.data?.data;

  let content: ReactNode;
  if (list.isError) {
    content = (
      <Alert
        color="red"
        variant="light"
        title={t("loadFailed")}
        icon={<IconAlertCircle size={18} />}
        role="alert"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{loadFailureMessage(list.error, t("loadFailed"))}</Text>
          <Button size="xs" variant="default" onClick={() => void list.refetch()}>
            {tl("retry")}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!rows) {
    content = (
      <Paper withBorder>
        <Group justify="center" py={48} role="status" aria-label={t("loading")}>
          <Loader size="sm" />
        </Group>
      </Paper>
    );
  } else if (rows.length === 0 && total === 0) {
    content = (
      <EmptyState title={t(EMPTY[filter].title)} icon={<IconBellOff size={26} stroke={1.6} />}>
        {t(EMPTY[filter].text)}
      </EmptyState>
    );
  } else if (rows.length === 0) {
    content = (
      <Paper withBorder>
        <Stack align="center" gap="xs" py={48}>
          <Text fw={600}>{tl("emptyPage")}</Text>
          <Button variant="light" size="xs" onClick={() => changePage(1)}>
            {tl("firstPage")}
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    content = (
      <Paper withBorder style={{ overflow: "hidden" }}>
        <ul
          className={classes.list}
          aria-label={t("notifications")}
          aria-busy={list.isPlaceholderData}
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
        >
          {rows.map((notification) => (
            <NotificationRow key={notification.id} notification={notification} />
          ))}
        </ul>
        <ListPager
          page={page}
          pageSize={NOTIFICATIONS_PAGE_SIZE}
          shown={rows.length}
          total={total}
          onPageChange={changePage}
        />
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label={t("filter")}
          value={filter}
          onChange={(value) => update({ seen: value === "all" ? null : value, page: null })}
          data={FILTERS.map((value) => ({ value, label: t(FILTER_LABEL[value]) }))}
        />
        <Button
          variant="default"
          leftSection={<IconChecks size={16} aria-hidden />}
          disabled={unseen === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t("markAllSeen")}
        </Button>
      </Group>
      {content}
    </Stack>
  );
}

function NotificationRow({ notification }: { notification: Notification }) {
  const { t, i18n } = useTranslation("notifications");
  const unseen = isUnseen(notification);
  return (
    <li className={classes.item} data-unseen={unseen || undefined}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <NotificationTypeIcon type={notification.type} size={36} />
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Text size="sm" fw={unseen ? 600 : 500} className={classes.summary}>
              {notification.summary}
            </Text>
            {unseen && (
              <Badge size="sm" variant="filled" tt="none" style={{ flex: "none" }}>
                {t("unseen")}
              </Badge>
            )}
          </Group>
          {/* One run of text, so that it wraps word by word on narrow screens. */}
          <Text size="xs" c="dimmed">
            {t(`type.${notification.type}`)}
            {" · "}
            <time dateTime={notification.created_at}>
              {formatDateTime(notification.created_at)}
            </time>{" "}
            ({timeAgo(notification.created_at, i18n.language)})
            {!unseen && (
              <>
                {" · "}
                {t("seenAt", { time: formatDateTime(notification.seen_at) })}
              </>
            )}
          </Text>
          {offersMoreResources(notification.type) && <MoreResourcesLink />}
        </Stack>
      </Group>
    </li>
  );
}
