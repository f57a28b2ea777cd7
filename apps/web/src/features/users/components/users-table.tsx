import { Text } from "@mantine/core";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { UserListItem as User } from "@netfleet/contracts/schemas/users";
import {
  type ListTableProps,
  SortableTable,
  type TableColumn,
} from "../../../components/ui/sortable-table";
import { formatDateTime } from "../../../lib/format";
import type { UserSortKey } from "../api/list-users";

/** First and last name; a dash when the user gave neither. */
function fullName(user: User): string {
  return [user.first_name, user.last_name].filter(Boolean).join(" ").trim() || "—";
}

function userColumns(t: TFunction<"users">): TableColumn<User, UserSortKey>[] {
  return [
    {
      id: "email",
      label: t("colEmail"),
      firstSort: "asc",
      render: (u) => (
        <Text size="sm" fw={500}>
          {u.email}
        </Text>
      ),
    },
    // Sorting by one half of a name would read as no order at all.
    { id: "name", label: t("colName"), render: fullName },
    { id: "company_name", label: t("colCompany"), firstSort: "asc", render: (u) => u.company_name },
    { id: "role", label: t("colRole"), render: (u) => u.role_title },
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
}

export function UsersTable(props: ListTableProps<User, UserSortKey>) {
  const { t } = useTranslation("users");
  return <SortableTable {...props} label={t("table")} columns={userColumns(t)} minWidth={920} />;
}
