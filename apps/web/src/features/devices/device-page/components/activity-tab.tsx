import { Badge, Paper, SegmentedControl, Skeleton, Stack, Text } from "@mantine/core";
import { IconTimeline } from "@tabler/icons-react";
import { useTranslation } from "../../../../lib/i18n";
import type { DeviceDetail, DeviceLog } from "@netfleet/contracts/schemas/device-page";
import { EmptyState } from "../../../../components/ui/empty-state";
import { ListPager } from "../../../../components/ui/list-pager";
import { LoadFailed } from "../../../../components/ui/load-failed";
import { formatDateTime } from "../../../../lib/format";
import { useUrlParams } from "../../../../lib/url-params";
import { useDeviceLogs } from "../api/list-device-logs";
import classes from "./device-page.module.css";

export const ACTIVITY_PAGE_SIZE = 20;

/** The filters the activity offers: each keeps these types (none: every type). */
export const ACTIVITY_FILTERS = {
  all: undefined,
  connections: "connected,disconnected",
  tasks: "task,task_result",
} as const;
type ActivityFilter = keyof typeof ACTIVITY_FILTERS;

const TYPE_COLORS: Readonly<Record<string, string>> = {
  connected: "green",
  disconnected: "red",
  task: "blue",
  task_result: "grape",
  moved: "orange",
};

const TYPE_KEYS = {
  connected: "typeConnected",
  disconnected: "typeDisconnected",
  task: "typeTask",
  task_result: "typeTaskResult",
  moved: "typeMoved",
} as const;

function isFilter(value: string | null): value is ActivityFilter {
  return value !== null && value in ACTIVITY_FILTERS;
}

function Entry({ entry }: { entry: DeviceLog }) {
  const { t } = useTranslation("device-page");
  const known = TYPE_KEYS[entry.type as keyof typeof TYPE_KEYS];
  return (
    <li className={classes.entry}>
      <Text size="xs" c="dimmed" ff="monospace" className={classes.entryTime}>
        {formatDateTime(entry.created_at)}
      </Text>
      <div className={classes.entryType}>
        <Badge
          size="sm"
          variant="light"
          radius="sm"
          tt="none"
          color={TYPE_COLORS[entry.type] ?? "gray"}
          maw="100%"
        >
          {known ? t(known) : entry.type}
        </Badge>
      </div>
      <Stack gap={2} miw={0}>
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {entry.log ?? "—"}
        </Text>
        {entry.user_name && (
          <Text size="xs" c="dimmed">
            {t("byUser", { name: entry.user_name })}
          </Text>
        )}
      </Stack>
    </li>
  );
}

/**
 * The device's activity, newest first, a page at a time: connections, tasks, their results
 * and what the device reported. The page and filter live in the URL.
 */
export function ActivityTab({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation("device-page");
  const [params, update] = useUrlParams();
  const rawFilter = params.get("type");
  const filter: ActivityFilter = isFilter(rawFilter) ? rawFilter : "all";
  const page = Math.max(1, Math.floor(Number(params.get("page"))) || 1);
  const type = ACTIVITY_FILTERS[filter];
  const logs = useDeviceLogs(device.id, {
    limit: ACTIVITY_PAGE_SIZE,
    offset: (page - 1) * ACTIVITY_PAGE_SIZE,
    ...(type ? { type } : {}),
  });
  const total = logs.data?.meta.total ?? 0;
  const rows = logs.data?.data;

  let body;
  if (logs.isError) {
    body = (
      <LoadFailed title={t("activityFailed")} error={logs.error} onRetry={() => logs.refetch()} />
    );
  } else if (!rows) {
    body = (
      <Paper withBorder p="md" role="status" aria-label={t("loading")}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={14} mb="md" />
        ))}
      </Paper>
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        title={filter === "all" ? t("activityEmptyTitle") : t("activityNoMatchTitle")}
        icon={<IconTimeline size={26} stroke={1.6} />}
      >
        {filter === "all" ? t("activityEmptyText") : t("activityNoMatchText")}
      </EmptyState>
    );
  } else {
    body = (
      <Paper withBorder>
        <ol
          className={classes.entries}
          aria-label={t("activity")}
          aria-busy={logs.isPlaceholderData || undefined}
          data-stale={logs.isPlaceholderData || undefined}
        >
          {rows.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ol>
        <ListPager
          page={page}
          pageSize={ACTIVITY_PAGE_SIZE}
          shown={rows.length}
          total={total}
          onPageChange={(next) => update({ page: next > 1 ? String(next) : null })}
        />
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t("activityFilter")}
        value={filter}
        onChange={(value) => update({ type: value === "all" ? null : value, page: null })}
        data={[
          { value: "all", label: t("filterAll") },
          { value: "connections", label: t("filterConnections") },
          { value: "tasks", label: t("filterTasks") },
        ]}
        style={{ alignSelf: "flex-start" }}
      />
      {body}
    </Stack>
  );
}
