import { useEffect } from "react";
import { Text } from "@mantine/core";
import { ListPager } from "./list-pager";
import { LoadFailed } from "./load-failed";
import { SortableTable, type TableColumn } from "./sortable-table";

/** The parts of a page query the table reads. */
interface PageResult<T> {
  data: { data: readonly T[]; meta: { total: number } } | undefined;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

interface PagedTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly TableColumn<T, string>[];
  result: PageResult<T>;
  /** 1-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  minWidth: number;
  errorTitle: string;
  emptyText: string;
  /** Keeps the failure and empty messages off the edges of an unpadded frame. */
  inset?: boolean;
}

/**
 * A short list paged on the server whose page lives in its holder's state rather than the
 * URL (a section of a page, a dialog): no sorting, the pages under it when there are several.
 */
export function PagedTable<T extends { id: number | string }>({
  label,
  columns,
  result,
  page,
  pageSize,
  onPageChange,
  minWidth,
  errorTitle,
  emptyText,
  inset = false,
}: PagedTableProps<T>) {
  const rows = result.data?.data;
  const total = result.data?.meta.total ?? 0;
  const edge = inset ? { mx: "md", mb: "md" } : {};
  const lastPage = Math.max(1, Math.ceil(total / pageSize));

  // Rows going away (cancelled, finished) can leave the page past the end: show the last.
  useEffect(() => {
    if (rows?.length === 0 && page > lastPage) onPageChange(lastPage);
  }, [rows, page, lastPage, onPageChange]);

  if (result.isError) {
    return (
      <LoadFailed
        {...edge}
        title={errorTitle}
        error={result.error}
        onRetry={() => result.refetch()}
      />
    );
  }
  if (rows && rows.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="md" {...edge}>
        {emptyText}
      </Text>
    );
  }
  return (
    <div>
      <SortableTable
        label={label}
        columns={columns}
        rows={rows}
        sort={null}
        onSortChange={() => undefined}
        stale={result.isPlaceholderData}
        minWidth={minWidth}
        skeletonRows={3}
      />
      {rows && total > pageSize && (
        <ListPager
          page={page}
          pageSize={pageSize}
          shown={rows.length}
          total={total}
          onPageChange={onPageChange}
        />
      )}
    </div>
  );
}
