import { Anchor, Badge } from "@mantine/core";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import {
  type Role,
  ROLE_NAME_DISPLAY_LENGTH,
  displayRoleName,
} from "@netfleet/contracts/schemas/roles";
import {
  type ListTableProps,
  SortableTable,
  type TableColumn,
} from "../../../components/ui/sortable-table";
import type { RoleSortKey } from "../api/list-roles";
import { RoleRowActions, useCanManageRoles } from "./role-actions";
import { openRole } from "./role-dialog";

/** A name cut for the list keeps the whole of it on hover (FM-ENTITY-039). */
function fullIfCut(text: string): string | undefined {
  return text.length > ROLE_NAME_DISPLAY_LENGTH ? text : undefined;
}

function roleColumns(
  t: TFunction<"roles">,
  withActions: boolean,
): TableColumn<Role, RoleSortKey>[] {
  const columns: TableColumn<Role, RoleSortKey>[] = [
    {
      id: "name",
      label: t("colName"),
      firstSort: "asc",
      render: (r) => (
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={500}
          title={fullIfCut(r.name)}
          onClick={() => openRole(r)}
        >
          {displayRoleName(r.name)}
        </Anchor>
      ),
    },
    {
      id: "title",
      label: t("colTitle"),
      firstSort: "asc",
      render: (r) => <span title={fullIfCut(r.title)}>{displayRoleName(r.title)}</span>,
    },
    {
      id: "company_name",
      label: t("colCompany"),
      firstSort: "asc",
      render: (r) => r.company_name ?? t("everyCompany"),
    },
    {
      id: "type",
      label: t("colType"),
      render: (r) => (
        <Badge variant="light" size="sm" miw="max-content" color={r.isDefault ? "gray" : "blue"}>
          {r.isDefault ? t("typeFixed") : t("typeCustom")}
        </Badge>
      ),
    },
    {
      id: "permissions_count",
      label: t("colPermissions"),
      firstSort: "desc",
      render: (r) => r.permissions_count,
    },
    { id: "users", label: t("colUsers"), render: (r) => r.users_count },
  ];
  if (withActions) {
    columns.push({
      id: "actions",
      label: t("colActions"),
      render: (r) => <RoleRowActions role={r} />,
    });
  }
  return columns;
}

export function RolesTable(props: ListTableProps<Role, RoleSortKey>) {
  const { t } = useTranslation("roles");
  const withActions = useCanManageRoles();
  return (
    <SortableTable
      {...props}
      label={t("table")}
      columns={roleColumns(t, withActions)}
      minWidth={withActions ? 960 : 880}
    />
  );
}
