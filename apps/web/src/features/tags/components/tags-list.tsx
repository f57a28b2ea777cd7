import { IconTags } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { ServerList, useUrlListState } from "../../../components/ui/server-list";
import { type TagSortKey, useTags } from "../api/list-tags";
import { DELETE_TAG_REMINDER } from "./tag-actions";
import { TagsTable } from "./tags-table";

export const TAGS_PAGE_SIZE = 25;

const SORT_KEYS = [
  "id",
  "name",
  "company_name",
  "device_count",
  "created_at",
] as const satisfies readonly TagSortKey[];

/**
 * The tags of the user's company tree with server-side search, sorting and paging. The view
 * lives in the URL (`?q=&sort=&page=`), which is how global search's "View in table" opens it.
 */
export function TagsList({ companyId }: { companyId?: number }) {
  const { t } = useTranslation("tags");
  const list = useUrlListState({ id: "tags", pageSize: TAGS_PAGE_SIZE, sortKeys: SORT_KEYS });
  const tags = useTags({ ...list.params, company_id: companyId });

  return (
    <ServerList
      list={list}
      result={tags}
      searchLabel={t("search")}
      searchPlaceholder={t("searchPlaceholder")}
      errorTitle={t("loadFailed")}
      icon={<IconTags size={24} />}
      emptyTitle={t("emptyTitle")}
      emptyText={t("emptyText")}
      noMatchTitle={t("noMatch", { query: list.q })}
      noMatchText={t("noMatchText")}
      reminderLabels={{ [DELETE_TAG_REMINDER]: t("reminderDeleteTag") }}
    >
      {(table) => <TagsTable {...table} />}
    </ServerList>
  );
}
