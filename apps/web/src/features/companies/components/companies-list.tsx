import { IconBuilding } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { ServerList, useUrlListState } from "../../../components/ui/server-list";
import { type CompanySortKey, useCompanies } from "../api/list-companies";
import { CompaniesTable } from "./companies-table";

export const COMPANIES_PAGE_SIZE = 25;

const SORT_KEYS = [
  "id",
  "name",
  "parent_id",
  "level",
  "device_count",
  "users_count",
  "created_at",
] as const satisfies readonly CompanySortKey[];

/**
 * The companies of the user's tree with server-side search, sorting and paging. The view
 * lives in the URL (`?q=&sort=&page=`), which is how global search's "View in table" opens it.
 */
export function CompaniesList() {
  const { t } = useTranslation("companies");
  const list = useUrlListState({
    id: "companies",
    pageSize: COMPANIES_PAGE_SIZE,
    sortKeys: SORT_KEYS,
  });
  const companies = useCompanies(list.params);

  return (
    <ServerList
      list={list}
      result={companies}
      searchLabel={t("search")}
      searchPlaceholder={t("searchPlaceholder")}
      errorTitle={t("loadFailed")}
      icon={<IconBuilding size={24} />}
      emptyTitle={t("emptyTitle")}
      emptyText={t("emptyText")}
      noMatchTitle={t("noMatch", { query: list.q })}
      noMatchText={t("noMatchText")}
    >
      {(table) => <CompaniesTable {...table} />}
    </ServerList>
  );
}
