import { useState } from "react";
import { notifications } from "@mantine/notifications/store";
import { IconSpeakerphone } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import type { ManagedNotice } from "@netfleet/contracts/schemas/notices";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { ServerList, useUrlListState } from "../../../components/ui/server-list";
import { toApiRequestError } from "../../../lib/http";
import { useDeleteNotice } from "../api/delete-notice";
import { MANAGED_NOTICE_SORT_KEYS, useManagedNotices } from "../api/list-managed-notices";
import { NoticesTable } from "./notices-table";

export const NOTICES_PAGE_SIZE = 20;

/**
 * Every notice, scheduled or in force, with server-side search, sorting and paging; the
 * view lives in the URL. Editing is the page's dialog (`useNoticeEditor`); deleting asks
 * first.
 */
export function NoticesAdmin({ onEdit }: { onEdit: (notice: ManagedNotice) => void }) {
  const { t } = useTranslation("notices");
  const list = useUrlListState({
    id: "notices",
    pageSize: NOTICES_PAGE_SIZE,
    sortKeys: MANAGED_NOTICE_SORT_KEYS,
  });
  const notices = useManagedNotices(list.params);
  const remove = useDeleteNotice();
  const [deleting, setDeleting] = useState<ManagedNotice | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notifications.show({ color: "teal", message: t("deleted") }),
      onError: (error) =>
        notifications.show({
          color: "red",
          title: t("deleteFailed"),
          message: toApiRequestError(error).message,
        }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <ServerList
        list={list}
        result={notices}
        searchLabel={t("search")}
        searchPlaceholder={t("searchPlaceholder")}
        errorTitle={t("loadFailed")}
        icon={<IconSpeakerphone size={24} />}
        emptyTitle={t("emptyTitle")}
        emptyText={t("emptyText")}
        noMatchTitle={t("noMatch", { query: list.q })}
      >
        {(table) => <NoticesTable {...table} onEdit={onEdit} onDelete={setDeleting} />}
      </ServerList>
      <ConfirmModal
        opened={deleting !== null}
        title={t("deleteTitle")}
        confirmLabel={t("deleteConfirm")}
        danger
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        {t("deleteText")}
      </ConfirmModal>
    </>
  );
}
