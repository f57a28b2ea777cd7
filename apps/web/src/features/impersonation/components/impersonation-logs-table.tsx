import type { ReactNode } from "react";
import { Badge, Skeleton, Table, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconChevronUp, IconSelector } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type {
  ImpersonationEndReason,
  ImpersonationLog,
  ImpersonationLogSortKey,
} from "@netfleet/contracts/schemas/impersonation";
import { formatDateTime } from "../../../lib/format";
import type { LogSort, SortDirection } from "../log-sort";

type Translate = TFunction;

interface Column {
  id: string;
  label: (t: Translate) => string;
  render: (log: ImpersonationLog, t: Translate) => ReactNode;
  /** Sortable columns name the API's sort key and the direction a first click picks. */
  sort?: { key: ImpersonationLogSortKey; first: SortDirection };
}

const REASON_KEYS = {
  cancelled: "reasonCancelled",
  expired: "reasonExpired",
  revoked: "reasonRevoked",
  signed_out: "reasonSignedOut",
  session_ended: "reasonSessionEnded",
} as const satisfies Record<ImpersonationEndReason, string>;

function Status({ log, t }: { log: ImpersonationLog; t: Translate }) {
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

const COLUMNS: readonly Column[] = [
  {
    id: "operator",
    label: (t) => t("colOperator"),
    sort: { key: "operator_email", first: "asc" },
    render: (log) => log.operator_email,
  },
  {
    id: "target",
    label: (t) => t("colUser"),
    sort: { key: "target_email", first: "asc" },
    render: (log) => (
      <Text size="sm" fw={500}>
        {log.target_email}
      </Text>
    ),
  },
  {
    id: "company",
    label: (t) => t("colCompany"),
    sort: { key: "company_name", first: "asc" },
    render: (log) => log.company_name,
  },
  {
    id: "started",
    label: (t) => t("colStarted"),
    sort: { key: "started_at", first: "desc" },
    render: (log) => formatDateTime(log.started_at),
  },
  {
    id: "ended",
    label: (t) => t("colEnded"),
    sort: { key: "ended_at", first: "desc" },
    render: (log) => formatDateTime(log.ended_at),
  },
  {
    id: "status",
    label: (t) => t("colStatus"),
    sort: { key: "end_reason", first: "asc" },
    render: (log, t) => <Status log={log} t={t} />,
  },
];

const SKELETON_ROWS = 6;

interface ImpersonationLogsTableProps {
  /** Undefined while the first page loads. */
  logs: ImpersonationLog[] | undefined;
  sort: LogSort | null;
  onSortChange: (sort: LogSort) => void;
  /** The rows shown belong to the previous query while the next one loads. */
  stale: boolean;
}

function SortIcon({ direction }: { direction: SortDirection | null }) {
  if (direction === "asc") return <IconChevronUp size={14} aria-hidden />;
  if (direction === "desc") return <IconChevronDown size={14} aria-hidden />;
  return <IconSelector size={14} opacity={0.5} aria-hidden />;
}

export function ImpersonationLogsTable({
  logs,
  sort,
  onSortChange,
  stale,
}: ImpersonationLogsTableProps) {
  const { t } = useTranslation("impersonation");
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table
        highlightOnHover
        verticalSpacing="xs"
        aria-label={t("logsTable")}
        aria-busy={logs === undefined || stale}
        style={{ opacity: stale ? 0.6 : 1, whiteSpace: "nowrap" }}
      >
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => {
              const spec = column.sort;
              const label = column.label(t);
              if (!spec) return <Table.Th key={column.id}>{label}</Table.Th>;
              const direction = sort?.key === spec.key ? sort.direction : null;
              const next: SortDirection =
                direction === null ? spec.first : direction === "asc" ? "desc" : "asc";
              return (
                <Table.Th
                  key={column.id}
                  aria-sort={
                    direction === null
                      ? undefined
                      : direction === "asc"
                        ? "ascending"
                        : "descending"
                  }
                >
                  <UnstyledButton
                    onClick={() => onSortChange({ key: spec.key, direction: next })}
                    style={{
                      display: "inline-flex",
                      alignItems: "center",
                      gap: 4,
                      fontWeight: 600,
                    }}
                    fz="sm"
                  >
                    {label}
                    <SortIcon direction={direction} />
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {logs === undefined
            ? Array.from({ length: SKELETON_ROWS }, (_, row) => (
                <Table.Tr key={row}>
                  {COLUMNS.map((column) => (
                    <Table.Td key={column.id}>
                      <Skeleton h={12} my={4} width={`${55 + ((row * 11) % 40)}%`} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : logs.map((log) => (
                <Table.Tr key={log.id}>
                  {COLUMNS.map((column) => (
                    <Table.Td key={column.id}>{column.render(log, t)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
