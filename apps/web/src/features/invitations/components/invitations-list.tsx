import { ScrollArea, SegmentedControl, Stack } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import {
  INVITATION_STATUSES,
  type InvitationStatus,
} from "@netfleet/contracts/schemas/invitations";
import { ServerList, useUrlListState } from "../../../components/ui/server-list";
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

const ALL = "all";

function isStatus(value: string | null): value is InvitationStatus {
  return INVITATION_STATUSES.some((s) => s === value);
}

/**
 * Invitations to the user's company tree, or to one company of it, with where each stands.
 * The state filter, like the search, sort and page, lives in the URL (`?status=`).
 */
export function InvitationsList({ companyId }: { companyId?: number }) {
  const { t } = useTranslation("invitations");
  const [params, setParams] = useSearchParams();
  const requested = params.get("status");
  const status = isStatus(requested) ? requested : undefined;
  const list = useUrlListState({
    id: "invitations",
    pageSize: INVITATIONS_PAGE_SIZE,
    sortKeys: SORT_KEYS,
  });
  const invitations = useInvitations({ ...list.params, status, company_id: companyId });

  const changeStatus = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === ALL) next.delete("status");
        else next.set("status", value);
        next.delete("page");
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      {/* Five states do not fit a phone's width: the filter scrolls sideways there. */}
      <ScrollArea
        type="auto"
        scrollbars="x"
        offsetScrollbars
        style={{ alignSelf: "flex-start", maxWidth: "100%" }}
      >
        <SegmentedControl
          aria-label={t("statusFilter")}
          value={status ?? ALL}
          onChange={changeStatus}
          data={[ALL, ...INVITATION_STATUSES].map((value) => ({
            value,
            label: value === ALL ? t("statusAll") : t(`status.${value as InvitationStatus}`),
          }))}
        />
      </ScrollArea>
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
