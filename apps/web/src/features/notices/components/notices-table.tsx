import { useEffect, useState } from "react";
import { ActionIcon, Badge, Group, Text } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import type { ManagedNotice } from "@netfleet/contracts/schemas/notices";
import {
  type ListTableProps,
  SortableTable,
  type TableColumn,
} from "../../../components/ui/sortable-table";
import { formatDateTime } from "../../../lib/format";
import type { ManagedNoticeSortKey } from "../api/list-managed-notices";
import { NoticeMessage, NoticeTypeIcon, noticeTypeLabel } from "./notice-message";

interface RowActions {
  onEdit: (notice: ManagedNotice) => void;
  onDelete: (notice: ManagedNotice) => void;
}

/** The time, once a minute: a scheduled notice turns "In force" without a reload. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** A notice is scheduled until its time comes; the widget shows only those in force. */
function State({
  notice,
  now,
  t,
}: {
  notice: ManagedNotice;
  now: number;
  t: TFunction<"notices">;
}) {
  const scheduled = Date.parse(notice.enabled_at) > now;
  return scheduled ? (
    <Badge color="gray" variant="light" tt="none">
      {t("stateScheduled")}
    </Badge>
  ) : (
    <Badge color="teal" variant="light" tt="none">
      {t("stateInForce")}
    </Badge>
  );
}

function columns(
  t: TFunction<"notices">,
  now: number,
  { onEdit, onDelete }: RowActions,
): TableColumn<ManagedNotice, ManagedNoticeSortKey>[] {
  return [
    {
      id: "type",
      label: t("colType"),
      render: (notice) => (
        <Group gap="xs" wrap="nowrap">
          <NoticeTypeIcon type={notice.type} t={t} decorative />
          <Text size="sm">{noticeTypeLabel(notice.type, t)}</Text>
        </Group>
      ),
    },
    {
      id: "message",
      label: t("colMessage"),
      render: (notice) => <NoticeMessage html={notice.message} clamped />,
    },
    {
      id: "enabled_at",
      label: t("colEnabledAt"),
      firstSort: "desc",
      render: (notice) => formatDateTime(notice.enabled_at),
    },
    {
      id: "state",
      label: t("colState"),
      render: (notice) => <State notice={notice} now={now} t={t} />,
    },
    {
      id: "actions",
      label: t("colActions"),
      render: (notice) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t("editLabel", { id: notice.id })}
            onClick={() => onEdit(notice)}
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t("deleteLabel", { id: notice.id })}
            onClick={() => onDelete(notice)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ),
    },
  ];
}

export function NoticesTable(
  props: ListTableProps<ManagedNotice, ManagedNoticeSortKey> & RowActions,
) {
  const { t } = useTranslation("notices");
  const now = useMinuteClock();
  const { onEdit, onDelete, ...table } = props;
  return (
    <SortableTable
      {...table}
      label={t("table")}
      columns={columns(t, now, { onEdit, onDelete })}
      minWidth={760}
      skeletonRows={5}
    />
  );
}
