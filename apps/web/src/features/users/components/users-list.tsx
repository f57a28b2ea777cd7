import { IconUsers } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { ServerList, useUrlListState } from "../../../components/ui/server-list";
import { type UserSortKey, useUsers } from "../api/list-users";
import { UsersTable } from "./users-table";

export const USERS_PAGE_SIZE = 25;

const SORT_KEYS = [
  "id",
  "email",
  "username",
  "company_name",
  "role",
  "last_login_at",
  "created_at",
] as const satisfies readonly UserSortKey[];

/**
 * The users of the user's company tree, or of one company of it, with server-side search,
 * sorting and paging. The view lives in the URL (`?q=&sort=&page=`), which is how global
 * search's "View in table" opens it.
 */
export function UsersList({ companyId }: { companyId?: number }) {
  const { t } = useTranslation("users");
  const list = useUrlListState({ id: "users", pageSize: USERS_PAGE_SIZE, sortKeys: SORT_KEYS });
  const users = useUsers({ ...list.params, company_id: companyId });

  return (
    <ServerList
      list={list}
      result={users}
      searchLabel={t("search")}
      searchPlaceholder={t("searchPlaceholder")}
      errorTitle={t("loadFailed")}
      icon={<IconUsers size={24} />}
      emptyTitle={t("emptyTitle")}
      emptyText={t("emptyText")}
      noMatchTitle={t("noMatch", { query: list.q })}
      noMatchText={t("noMatchText")}
    >
      {(table) => <UsersTable {...table} />}
    </ServerList>
  );
}
