import { Text } from "@mantine/core";
import { IconArrowsExchange } from "@tabler/icons-react";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import type { UserMoveLog } from "@netfleet/contracts/schemas/users";
import { ServerList, useUrlListState } from "../../../components/ui/server-list";
import {
  type ListTableProps,
  SortableTable,
  type TableColumn,
} from "../../../components/ui/sortable-table";
import { formatDateTime } from "../../../lib/format";
import { type MoveLogSortKey, useMoveLogs } from "../api/list-move-logs";

export const MOVE_LOGS_PAGE_SIZE = 25;

const SORT_KEYS = [
  "id",
  "created_at",
  "user_email",
  "moved_by_email",
  "from_company_name",
  "to_company_name",
] as const satisfies readonly MoveLogSortKey[];

function moveLogColumns(t: TFunction<"users">): TableColumn<UserMoveLog, MoveLogSortKey>[] {
  return [
    {
      id: "created_at",
      label: t("colMovedAt"),
      firstSort: "desc",
      render: (log) => formatDateTime(log.created_at),
    },
    {
      id: "user_email",
      label: t("colMovedUser"),
      firstSort: "asc",
      render: (log) => (
        <Text size="sm" fw={500}>
          {log.user_email}
        </Text>
      ),
    },
    {
      id: "from_company_name",
      label: t("colFromCompany"),
      firstSort: "asc",
      render: (log) => log.from_company_name,
    },
    {
      id: "to_company_name",
      label: t("colToCompany"),
      firstSort: "asc",
      render: (log) => log.to_company_name,
    },
    {
      id: "moved_by_email",
      label: t("colMovedBy"),
      firstSort: "asc",
      render: (log) => log.moved_by_email,
    },
  ];
}

function MoveLogsTable(props: ListTableProps<UserMoveLog, MoveLogSortKey>) {
  const { t } = useTranslation("users");
  return (
    <SortableTable
      {...props}
      label={t("moveLogsTable")}
      columns={moveLogColumns(t)}
      minWidth={860}
    />
  );
}

/** Who moved whom from which company to which, and when; newest first unless sorted. */
export function MoveLogs() {
  const { t } = useTranslation("users");
  const list = useUrlListState({
    id: "user-move-logs",
    pageSize: MOVE_LOGS_PAGE_SIZE,
    sortKeys: SORT_KEYS,
  });
  const logs = useMoveLogs(list.params);

  return (
    <ServerList
      list={list}
      result={logs}
      searchLabel={t("searchMoveLogs")}
      searchPlaceholder={t("searchMoveLogsPlaceholder")}
      errorTitle={t("moveLogsFailed")}
      icon={<IconArrowsExchange size={24} />}
      emptyTitle={t("moveLogsEmptyTitle")}
      emptyText={t("moveLogsEmptyText")}
      noMatchTitle={t("moveLogsNoMatch", { query: list.q })}
    >
      {(table) => <MoveLogsTable {...table} />}
    </ServerList>
  );
}
