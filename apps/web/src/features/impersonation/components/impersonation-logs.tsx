import { IconUserShield } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { IMPERSONATION_LOG_SORT_KEYS } from "@netfleet/contracts/schemas/impersonation";
import { ServerList, useUrlListState } from "../../../components/ui/server-list";
import { useImpersonationLogs } from "../api/list-impersonation-logs";
import { ImpersonationLogsTable } from "./impersonation-logs-table";

export const LOGS_PAGE_SIZE = 25;

/**
 * Who impersonated whom and when, with server-side search, sorting and paging. The view
 * lives in the URL (`?q=&sort=&page=`) so that reloading, sharing and Back keep it.
 */
export function ImpersonationLogs() {
  const { t } = useTranslation("impersonation");
  const list = useUrlListState({
    pageSize: LOGS_PAGE_SIZE,
    sortKeys: IMPERSONATION_LOG_SORT_KEYS,
  });
  const logs = useImpersonationLogs(list.params);

  return (
    <ServerList
      list={list}
      result={logs}
      searchLabel={t("searchLogs")}
      searchPlaceholder={t("searchLogsPlaceholder")}
      errorTitle={t("logsFailed")}
      icon={<IconUserShield size={24} />}
      emptyTitle={t("logsEmptyTitle")}
      emptyText={t("logsEmptyText")}
      noMatchTitle={t("logsNoMatch", { query: list.q })}
    >
      {(table) => <ImpersonationLogsTable {...table} />}
    </ServerList>
  );
}
