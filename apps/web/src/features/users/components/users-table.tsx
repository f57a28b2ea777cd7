import { Anchor, Stack, Text } from "@mantine/core";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import { displayRoleName } from "@netfleet/contracts/schemas/roles";
import type { UserListItem as User } from "@netfleet/contracts/schemas/users";
import {
  type ListTableProps,
  SortableTable,
  type TableColumn,
} from "../../../components/ui/sortable-table";
import { formatDateTime } from "../../../lib/format";
import type { UserSortKey } from "../api/list-users";
import type { UserRef } from "../user-forms";
import { TwoFactorBadge } from "./two-factor-badge";
import { UserRowActions, useUserPermissions } from "./user-actions";
import { openUser } from "./user-dialog";

/** First and last name; empty when the user gave neither. */
function fullName(user: User): string {
  return [user.first_name, user.last_name].filter(Boolean).join(" ").trim();
}

function toRef(user: User): UserRef {
  return {
    id: user.id,
    email: user.email,
    company_id: user.company_id,
    company_name: user.company_name,
    role_id: user.role,
    role_title: user.role_title,
  };
}

function userColumns(
  t: TFunction<"users">,
  withActions: boolean,
): TableColumn<User, UserSortKey>[] {
  const columns: TableColumn<User, UserSortKey>[] = [
    {
      id: "email",
      label: t("colEmail"),
      firstSort: "asc",
      // The name sits under the address: one column for who the user is keeps the table narrow.
      render: (u) => (
        <Stack gap={0} align="flex-start">
          <Anchor component="button" type="button" size="sm" fw={500} onClick={() => openUser(u)}>
            {u.email}
          </Anchor>
          {fullName(u) && (
            <Text size="xs" c="dimmed">
              {fullName(u)}
            </Text>
          )}
        </Stack>
      ),
    },
    { id: "company_name", label: t("colCompany"), firstSort: "asc", render: (u) => u.company_name },
    {
      id: "role",
      label: t("colRole"),
      firstSort: "asc",
      // Custom roles may have long titles; the list cuts them and the full title is on hover.
      render: (u) => (
        <Text span size="sm" title={u.role_title}>
          {displayRoleName(u.role_title)}
        </Text>
      ),
    },
    { id: "mfa", label: t("colTwoFactor"), render: (u) => <TwoFactorBadge type={u.mfa_type} /> },
    {
      id: "last_login_at",
      label: t("colLastLogin"),
      firstSort: "desc",
      render: (u) =>
        u.last_login_at ? (
          formatDateTime(u.last_login_at)
        ) : (
          <Text span size="sm" c="dimmed">
            {t("neverSignedIn")}
          </Text>
        ),
    },
    {
      id: "created_at",
      label: t("colCreated"),
      firstSort: "desc",
      render: (u) => formatDateTime(u.created_at),
    },
  ];
  if (withActions) {
    columns.push({
      id: "actions",
      label: t("colActions"),
      render: (u) => <UserRowActions user={toRef(u)} />,
    });
  }
  return columns;
}

export function UsersTable(props: ListTableProps<User, UserSortKey>) {
  const { t } = useTranslation("users");
  const allowed = useUserPermissions();
  const withActions = allowed.update || allowed.remove;
  return (
    <SortableTable
      {...props}
      label={t("table")}
      columns={userColumns(t, withActions)}
      minWidth={withActions ? 980 : 920}
    />
  );
}
