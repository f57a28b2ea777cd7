import { Stack } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { INVITATION_STATUSES } from "@netfleet/contracts/schemas/invitations";
import { ServerList, useUrlListState } from "../../../components/ui/server-list";
import { UrlChoiceFilter, useUrlChoice } from "../../../components/ui/url-choice-filter";
import { type InvitationSortKey, useInvitations } from "../api/list-invitations";
import { InvitationsTable } from "./invitations-table";

export const INVITATIONS_PAGE_SIZE = 25;

const SORT_KEYS = [
  "id",
  "email",
  "created_at",
  "expires_at",
  "status",
  "company_name",
  "role",
] as const satisfies readonly InvitationSortKey[];

/**
 * Invitations to the user's company tree, or to one company of it, with where each stands.
 * The state filter, like the search, sort and page, lives in the URL (`?status=`).
 */
export function InvitationsList({ companyId }: { companyId?: number }) {
  const { t } = useTranslation("invitations");
  const [status, changeStatus] = useUrlChoice("status", INVITATION_STATUSES);
  const list = useUrlListState({
    id: "invitations",
    pageSize: INVITATIONS_PAGE_SIZE,
    sortKeys: SORT_KEYS,
  });
  const invitations = useInvitations({ ...list.params, status, company_id: companyId });

  return (
    <Stack gap="md">
      <UrlChoiceFilter
        label={t("statusFilter")}
        value={status}
        onChange={changeStatus}
        allLabel={t("statusAll")}
        choices={INVITATION_STATUSES.map((value) => ({
          value,
          label: t(`status.${value}`),
        }))}
      />
      <ServerList
        list={list}
        result={invitations}
        searchLabel={t("search")}
        searchPlaceholder={t("searchPlaceholder")}
        errorTitle={t("loadFailed")}
        icon={<IconMail size={24} />}
        emptyTitle={status ? t("emptyStatusTitle") : t("emptyTitle")}
        emptyText={t("emptyText")}
        noMatchTitle={t("noMatch", { query: list.q })}
      >
        {(table) => <InvitationsTable {...table} />}
      </ServerList>
    </Stack>
  );
}
