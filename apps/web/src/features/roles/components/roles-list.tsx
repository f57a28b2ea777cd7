import { SegmentedControl, Stack } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ServerList, useUrlListState } from "../../../components/ui/server-list";
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

const TYPES = ["all", "default", "custom"] as const;
type TypeChoice = (typeof TYPES)[number];

/**
 * The fixed roles and the custom roles of the user's company tree, with server-side search,
 * sorting and paging; `?type=default|custom` keeps one kind.
 */
export function RolesList() {
  const { t } = useTranslation("roles");
  const [params, setParams] = useSearchParams();
  const requested = params.get("type");
  const type = requested === "default" || requested === "custom" ? requested : undefined;
  const list = useUrlListState({
    id: "roles",
    pageSize: ROLES_LIST_PAGE_SIZE,
    sortKeys: SORT_KEYS,
  });
  const roles = useRolesPage({ ...list.params, type });

  const changeType = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === "all") next.delete("type");
        else next.set("type", value);
        next.delete("page");
        return next;
      },
      { replace: true },
    );

  const label: Record<TypeChoice, string> = {
    all: t("typeAll"),
    default: t("typeFixed"),
    custom: t("typeCustom"),
  };

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t("typeFilter")}
        value={type ?? "all"}
        onChange={changeType}
        data={TYPES.map((value) => ({ value, label: label[value] }))}
        style={{ alignSelf: "flex-start" }}
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
