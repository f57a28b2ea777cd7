import { Anchor, Stack, Text, Tooltip } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import { MAIL_STATUSES, type MailLog } from "@netfleet/contracts/schemas/mail-logs";
import { ServerList, useUrlListState } from "../../../components/ui/server-list";
import { UrlChoiceFilter, useUrlChoice } from "../../../components/ui/url-choice-filter";
import {
  type ListTableProps,
  SortableTable,
  type TableColumn,
} from "../../../components/ui/sortable-table";
import { formatDateTime } from "../../../lib/format";
import { type MailLogSortKey, useMailLogs } from "../api/list-mail-logs";
import { openMailLog } from "./mail-log-dialog";
import { MailStatusBadge } from "./mail-status-badge";

export const MAIL_LOGS_PAGE_SIZE = 25;

const SORT_KEYS = [
  "id",
  "created_at",
  "to",
  "status",
  "template",
] as const satisfies readonly MailLogSortKey[];

function mailColumns(t: TFunction<"mail-logs">): TableColumn<MailLog, MailLogSortKey>[] {
  return [
    {
      id: "created_at",
      label: t("colCreated"),
      firstSort: "desc",
      render: (m) => formatDateTime(m.created_at),
    },
    { id: "to", label: t("colTo"), firstSort: "asc", render: (m) => m.to },
    {
      id: "subject",
      label: t("colSubject"),
      render: (m) => (
        <Anchor component="button" type="button" size="sm" fw={500} onClick={() => openMailLog(m)}>
          {m.subject}
        </Anchor>
      ),
    },
    {
      id: "status",
      label: t("colStatus"),
      firstSort: "asc",
      render: (m) =>
        m.error ? (
          <Tooltip label={m.error} multiline maw={320} withArrow>
            <span>
              <MailStatusBadge status={m.status} />
            </span>
          </Tooltip>
        ) : (
          <MailStatusBadge status={m.status} />
        ),
    },
    {
      id: "template",
      label: t("colTemplate"),
      firstSort: "asc",
      render: (m) => (
        <Text size="xs" c="dimmed" ff="monospace">
          {m.template}
        </Text>
      ),
    },
  ];
}

function MailLogsTable(props: ListTableProps<MailLog, MailLogSortKey>) {
  const { t } = useTranslation("mail-logs");
  return <SortableTable {...props} label={t("table")} columns={mailColumns(t)} minWidth={880} />;
}

/**
 * Every e-mail the installation sent or keeps in its outbox, newest first unless sorted,
 * searchable by recipient and filtered by state (`?status=`), all kept in the URL.
 */
export function MailLogsList() {
  const { t } = useTranslation("mail-logs");
  const [status, changeStatus] = useUrlChoice("status", MAIL_STATUSES);
  const list = useUrlListState({
    id: "mail-logs",
    pageSize: MAIL_LOGS_PAGE_SIZE,
    sortKeys: SORT_KEYS,
  });
  const mails = useMailLogs({ ...list.params, status });

  return (
    <Stack gap="md">
      <UrlChoiceFilter
        label={t("statusFilter")}
        value={status}
        onChange={changeStatus}
        allLabel={t("statusAll")}
        choices={MAIL_STATUSES.map((value) => ({
          value,
          label: t(`status.${value}`),
        }))}
      />
      <ServerList
        list={list}
        result={mails}
        searchLabel={t("search")}
        searchPlaceholder={t("searchPlaceholder")}
        errorTitle={t("loadFailed")}
        icon={<IconMail size={24} />}
        emptyTitle={status ? t("emptyStatusTitle") : t("emptyTitle")}
        emptyText={t("emptyText")}
        noMatchTitle={t("noMatch", { query: list.q })}
      >
        {(table) => <MailLogsTable {...table} />}
      </ServerList>
    </Stack>
  );
}
