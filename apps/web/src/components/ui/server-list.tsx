import { type ReactNode, useState } from "react";
import { Button, Group, Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { useTranslation } from "../../lib/i18n";
import { type ListSort, formatSort, parseSort } from "../../lib/list-sort";
import { useRemoteValue } from "../../lib/remote-storage";
import { useUrlParams, useUrlSearch } from "../../lib/url-params";
import { RemindersMenu } from "./dialog/reminders-menu";
import { ListPager, ListSearchBox } from "./list-pager";
import { LoadFailed } from "./load-failed";
import type { ListTableProps } from "./sortable-table";

/** The page sizes a list offers; its own default joins them when it is not one of them. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** The remote-storage key of a list's preferences. */
export function tablePreferencesKey(id: string): string {
  return `table.${id}`;
}

export interface TablePreferences {
  pageSize: number;
}

function pageSizeChoices(defaultSize: number): number[] {
  return [...new Set<number>([...PAGE_SIZES, defaultSize])].sort((a, b) => a - b);
}

/** A stored preference the list can apply, or undefined (another shape, a size not offered). */
function parsePreferences(choices: readonly number[]) {
  return (raw: unknown): TablePreferences | undefined => {
    if (typeof raw !== "object" || raw === null || !("pageSize" in raw)) return undefined;
    const { pageSize } = raw;
    return typeof pageSize === "number" && choices.includes(pageSize) ? { pageSize } : undefined;
  };
}

interface UrlListOptions<K extends string> {
  /**
   * Names the list's preferences, kept in remote storage under `table.<id>` so that they
   * follow the user to other browsers. Without it, a page size chosen lasts for the visit.
   */
  id?: string;
  /** Rows per page until the user picks another size. */
  pageSize: number;
  /** The columns the server sorts by; any other `sort` in the URL is ignored. */
  sortKeys: readonly K[];
}

/** What a list asks its API for. */
export interface ListParams {
  limit: number;
  offset: number;
  q?: string;
  sort?: string;
}

export interface UrlListState<K extends string> {
  /** The search the list shows, from the URL. */
  q: string;
  sort: ListSort<K> | null;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** The sizes the page-size selector offers. */
  pageSizes: readonly number[];
  params: ListParams;
  /** What the search box holds; it reaches the URL once the user stops typing. */
  search: string;
  changeSearch: (value: string) => void;
  /** Searches at once, without waiting for the pause. */
  flushSearch: () => void;
  clearSearch: () => void;
  changeSort: (sort: ListSort<K>) => void;
  changePage: (page: number) => void;
  /** Shows `size` rows per page from the page holding the current first row, and keeps it. */
  changePageSize: (size: number) => void;
}

/**
 * The state of a server-side list, kept in the URL (`?q=&sort=&page=`) so that reloading,
 * sharing and Back show the same view. The search waits for a pause in typing, and a
 * new search or sort starts again at the first page.
 */
export function useUrlListState<K extends string>({
  id,
  pageSize: defaultPageSize,
  sortKeys,
}: UrlListOptions<K>): UrlListState<K> {
  const [params, update] = useUrlParams();
  const q = params.get("q") ?? "";
  const sort = parseSort(params.get("sort"), sortKeys);
  const page = Math.max(1, Math.floor(Number(params.get("page"))) || 1);
  const searchBox = useUrlSearch(q, update, { page: null });
  const pageSizes = pageSizeChoices(defaultPageSize);
  const preferences = useRemoteValue(
    tablePreferencesKey(id ?? ""),
    parsePreferences(pageSizes),
    id !== undefined,
  );
  // A size chosen here applies at once and for as long as the list is shown, stored or not.
  const [chosenSize, setChosenSize] = useState<number | null>(null);
  const pageSize = chosenSize ?? preferences.value?.pageSize ?? defaultPageSize;

  return {
    q,
    sort,
    page,
    pageSize,
    pageSizes,
    params: {
      limit: pageSize,
      offset: (page - 1) * pageSize,
      q: q || undefined,
      sort: sort ? formatSort(sort) : undefined,
    },
    ...searchBox,
    changeSort: (next) => update({ sort: formatSort(next), page: null }),
    changePage: (next) => update({ page: next > 1 ? String(next) : null }),
    changePageSize: (size) => {
      const next = Math.floor(((page - 1) * pageSize) / size) + 1;
      setChosenSize(size);
      update({ page: next > 1 ? String(next) : null });
      // A preference is a convenience: failing to keep it changes nothing on screen.
      if (id !== undefined) preferences.set({ pageSize: size }).catch(() => undefined);
    },
  };
}

/** The parts of a list query the frame reads. */
interface ListResult<T> {
  data: { data: readonly T[]; meta: { total: number } } | undefined;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

interface ServerListProps<T, K extends string> {
  list: UrlListState<K>;
  result: ListResult<T>;
  searchLabel: string;
  searchPlaceholder: string;
  errorTitle: string;
  /** Shown in the empty states. */
  icon: ReactNode;
  /** When there is nothing at all. */
  emptyTitle: string;
  emptyText?: string;
  /** When the search finds nothing. */
  noMatchTitle: string;
  noMatchText?: string;
  /** Names of the reminders its preferences can show again (FM-DIALOG-028), by key. */
  reminderLabels?: Readonly<Record<string, string>>;
  /** The table, shown while loading and whenever the page has rows. */
  children: (table: ListTableProps<T, K>) => ReactNode;
}

/**
 * The frame of a server-side list: the search box, the table, the range shown and the
 * pages, and what to say when loading fails or there is nothing to show.
 */
export function ServerList<T, K extends string>({
  list,
  result,
  searchLabel,
  searchPlaceholder,
  errorTitle,
  icon,
  emptyTitle,
  emptyText,
  noMatchTitle,
  noMatchText,
  reminderLabels,
  children,
}: ServerListProps<T, K>) {
  const { t } = useTranslation("lists");
  const { page, pageSize } = list;
  const total = result.data?.meta.total ?? 0;
  const rows = result.data?.data;
  const empty = list.q
    ? { title: noMatchTitle, text: noMatchText }
    : { title: emptyTitle, text: emptyText };

  return (
    <Paper withBorder>
      <Group p="md" justify="space-between" gap="sm">
        <ListSearchBox
          label={searchLabel}
          placeholder={searchPlaceholder}
          value={list.search}
          onChange={list.changeSearch}
          onSubmit={list.flushSearch}
        />
      </Group>

      {result.isError ? (
        <LoadFailed
          m="md"
          mt={0}
          title={errorTitle}
          error={result.error}
          onRetry={() => result.refetch()}
        />
      ) : rows && rows.length === 0 && total === 0 ? (
        <Stack align="center" gap="xs" py={48} px="md" ta="center">
          <ThemeIcon variant="light" size={44} radius="xl" color="gray" aria-hidden>
            {icon}
          </ThemeIcon>
          <Text fw={600}>{empty.title}</Text>
          {empty.text && (
            <Text size="sm" c="dimmed">
              {empty.text}
            </Text>
          )}
          {list.q && (
            <Button variant="light" size="xs" mt="xs" onClick={list.clearSearch}>
              {t("clearSearch")}
            </Button>
          )}
        </Stack>
      ) : rows && rows.length === 0 ? (
        <Stack align="center" gap="xs" py={48}>
          <Text fw={600}>{t("emptyPage")}</Text>
          <Button variant="light" size="xs" onClick={() => list.changePage(1)}>
            {t("firstPage")}
          </Button>
        </Stack>
      ) : (
        <>
          {children({
            rows,
            sort: list.sort,
            onSortChange: list.changeSort,
            stale: result.isPlaceholderData,
          })}
          {rows && (
            <ListPager
              page={page}
              pageSize={pageSize}
              pageSizes={list.pageSizes}
              onPageSizeChange={list.changePageSize}
              shown={rows.length}
              total={total}
              onPageChange={list.changePage}
              extra={<RemindersMenu labels={reminderLabels} />}
            />
          )}
        </>
      )}
    </Paper>
  );
}
