import { Stack } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { ServerList, useUrlListState } from "../../../components/ui/server-list";
import { UrlChoiceFilter, useUrlChoice } from "../../../components/ui/url-choice-filter";
import { type RoleSortKey, useRolesPage } from "../api/list-roles";
import { RolesTable } from "./roles-table";

export const ROLES_LIST_PAGE_SIZE = 25;

const SORT_KEYS = [
  "id",
  "name",
  "title",
  "company_name",
  "permissions_count",
  "created_at",
  "updated_at",
] as const satisfies readonly RoleSortKey[];

const TYPES = ["default", "custom"] as const;

/**
 * The fixed roles and the custom roles of the user's company tree, with server-side search,
 * sorting and paging; `?type=default|custom` keeps one kind.
 */
export function RolesList() {
  const { t } = useTranslation("roles");
  const [type, changeType] = useUrlChoice("type", TYPES);
  const list = useUrlListState({
    id: "roles",
    pageSize: ROLES_LIST_PAGE_SIZE,
    sortKeys: SORT_KEYS,
  });
  const roles = useRolesPage({ ...list.params, type });

  return (
    <Stack gap="md">
      <UrlChoiceFilter
        label={t("typeFilter")}
        value={type}
        onChange={changeType}
        allLabel={t("typeAll")}
        choices={[
          { value: "default", label: t("typeFixed") },
          { value: "custom", label: t("typeCustom") },
        ]}
      />
      <ServerList
        list={list}
        result={roles}
        searchLabel={t("search")}
        searchPlaceholder={t("searchPlaceholder")}
        errorTitle={t("loadFailed")}
        icon={<IconShieldLock size={24} />}
        emptyTitle={type === "custom" ? t("emptyCustomTitle") : t("emptyTitle")}
        emptyText={type === "custom" ? t("emptyCustomText") : undefined}
        noMatchTitle={t("noMatch", { query: list.q })}
      >
        {(table) => <RolesTable {...table} />}
      </ServerList>
    </Stack>
  );
}
