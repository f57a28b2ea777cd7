import { Badge, Stack, Text } from "@mantine/core";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import type { Invitation, InvitationStatus } from "@netfleet/contracts/schemas/invitations";
import { displayRoleName } from "@netfleet/contracts/schemas/roles";
import {
  type ListTableProps,
  SortableTable,
  type TableColumn,
} from "../../../components/ui/sortable-table";
import { formatDateTime } from "../../../lib/format";
import type { InvitationSortKey } from "../api/list-invitations";
import { InvitationRowActions, useCanInvite } from "./invitation-actions";

/** Theme colours, so that the badges read in light and dark alike. */
const STATUS_COLOR = {
  pending: "blue",
  accepted: "teal",
  expired: "yellow",
  revoked: "gray",
} as const satisfies Record<InvitationStatus, string>;

export function InvitationStatusBadge({ status }: { status: InvitationStatus }) {
  const { t } = useTranslation("invitations");
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} size="sm" miw="max-content">
      {t(`status.${status}`)}
    </Badge>
  );
}

function invitationColumns(
  t: TFunction<"invitations">,
  withActions: boolean,
): TableColumn<Invitation, InvitationSortKey>[] {
  const columns: TableColumn<Invitation, InvitationSortKey>[] = [
    {
      id: "email",
      label: t("colEmail"),
      firstSort: "asc",
      // Who invited sits under the address, keeping the table narrow enough for its actions.
      render: (i) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {i.email}
          </Text>
          {i.invited_by_email && (
            <Text size="xs" c="dimmed">
              {t("invitedBy", { email: i.invited_by_email })}
            </Text>
          )}
        </Stack>
      ),
    },
    { id: "company_name", label: t("colCompany"), firstSort: "asc", render: (i) => i.company_name },
    {
      id: "role",
      label: t("colRole"),
      firstSort: "asc",
      render: (i) => (
        <Text span size="sm" title={i.role_title}>
          {displayRoleName(i.role_title)}
        </Text>
      ),
    },
    {
      id: "status",
      label: t("colStatus"),
      firstSort: "asc",
      render: (i) => <InvitationStatusBadge status={i.status} />,
    },
    {
      id: "created_at",
      label: t("colSent"),
      firstSort: "desc",
      render: (i) => formatDateTime(i.created_at),
    },
    {
      id: "expires_at",
      label: t("colExpires"),
      firstSort: "asc",
      render: (i) => formatDateTime(i.expires_at),
    },
  ];
  if (withActions) {
    columns.push({
      id: "actions",
      label: t("colActions"),
      render: (i) => <InvitationRowActions invitation={i} />,
    });
  }
  return columns;
}

export function InvitationsTable(props: ListTableProps<Invitation, InvitationSortKey>) {
  const { t } = useTranslation("invitations");
  const withActions = useCanInvite();
  return (
    <SortableTable
      {...props}
      label={t("table")}
      columns={invitationColumns(t, withActions)}
      minWidth={withActions ? 960 : 880}
    />
  );
}
