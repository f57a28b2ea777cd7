import { Badge, Text } from "@mantine/core";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import type {
  ImpersonationEndReason,
  ImpersonationLog,
  ImpersonationLogSortKey,
} from "@netfleet/contracts/schemas/impersonation";
import {
  type ListTableProps,
  SortableTable,
  type TableColumn,
} from "../../../components/ui/sortable-table";
import { formatDateTime } from "../../../lib/format";

const REASON_KEYS = {
  cancelled: "reasonCancelled",
  expired: "reasonExpired",
  revoked: "reasonRevoked",
  signed_out: "reasonSignedOut",
  session_ended: "reasonSessionEnded",
} as const satisfies Record<ImpersonationEndReason, string>;

function Status({ log, t }: { log: ImpersonationLog; t: TFunction<"impersonation"> }) {
  if (!log.end_reason) {
    return (
      <Badge color="orange" variant="light" tt="none">
        {t("statusActive")}
      </Badge>
    );
  }
  return (
    <Badge color="gray" variant="light" tt="none">
      {t(REASON_KEYS[log.end_reason])}
    </Badge>
  );
}

function logColumns(
  t: TFunction<"impersonation">,
): TableColumn<ImpersonationLog, ImpersonationLogSortKey>[] {
  return [
    {
      id: "operator_email",
      label: t("colOperator"),
      firstSort: "asc",
      render: (log) => log.operator_email,
    },
    {
      id: "target_email",
      label: t("colUser"),
      firstSort: "asc",
      render: (log) => (
        <Text size="sm" fw={500}>
          {log.target_email}
        </Text>
      ),
    },
    {
      id: "company_name",
      label: t("colCompany"),
      firstSort: "asc",
      render: (log) => log.company_name,
    },
    {
      id: "started_at",
      label: t("colStarted"),
      firstSort: "desc",
      render: (log) => formatDateTime(log.started_at),
    },
    {
      id: "ended_at",
      label: t("colEnded"),
      firstSort: "desc",
      render: (log) => formatDateTime(log.ended_at),
    },
    {
      id: "end_reason",
      label: t("colStatus"),
      firstSort: "asc",
      render: (log) => <Status log={log} t={t} />,
    },
  ];
}

export function ImpersonationLogsTable(
  props: ListTableProps<ImpersonationLog, ImpersonationLogSortKey>,
) {
  const { t } = useTranslation("impersonation");
  return (
    <SortableTable
      {...props}
      label={t("logsTable")}
      columns={logColumns(t)}
      minWidth={900}
      skeletonRows={6}
    />
  );
}
