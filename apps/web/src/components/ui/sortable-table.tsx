import { memo, type ReactNode } from "react";
import { Table } from "@mantine/core";
import { IconChevronDown, IconChevronUp, IconSelector } from "@tabler/icons-react";
import { type ListSort, type SortDirection, nextSort } from "../../lib/list-sort";
import classes from "./sortable-table.module.css";

interface BaseColumn<T> {
  label: string;
  render: (row: T) => ReactNode;
}

/**
 * A column the server sorts by is named by its API sort key and says which direction a
 * first click on its header sorts in; any other column has a name of its own.
 */
export type TableColumn<T, K extends string> =
  | (BaseColumn<T> & { id: K; firstSort: SortDirection })
  | (BaseColumn<T> & { id: string; firstSort?: undefined });

/** What a feature's table takes from its list; the table adds its own columns. */
export interface ListTableProps<T, K extends string> {
  /** Undefined while the first page loads. */
  rows: readonly T[] | undefined;
  sort: ListSort<K> | null;
  onSortChange: (sort: ListSort<K>) => void;
  /** The rows shown belong to the previous query while the next one loads. */
  stale: boolean;
}

interface SortableTableProps<T, K extends string> extends ListTableProps<T, K> {
  /** The table's accessible name. */
  label: string;
  columns: readonly TableColumn<T, K>[];
  /** Narrower than this, the table scrolls sideways. */
  minWidth: number;
  skeletonRows?: number;
}

function SortIcon({ direction }: { direction: SortDirection | null }) {
  if (direction === "asc")
    return <IconChevronUp size={14} className={classes.sortIconActive} aria-hidden />;
  if (direction === "desc")
    return <IconChevronDown size={14} className={classes.sortIconActive} aria-hidden />;
  return <IconSelector size={14} className={classes.sortIcon} aria-hidden />;
}

/**
 * A column's header. With a sort key it is a button: the first click sorts the list in the
 * column's first direction, the next ones turn it (`nextSort`).
 */
export function SortHeader<K extends string>({
  label,
  sortKey,
  firstSort,
  sort,
  onSortChange,
}: {
  label: string;
  sortKey?: K;
  firstSort?: SortDirection;
  sort: ListSort<K> | null;
  onSortChange: (sort: ListSort<K>) => void;
}) {
  if (sortKey === undefined || firstSort === undefined) return <Table.Th>{label}</Table.Th>;
  const direction = sort?.key === sortKey ? sort.direction : null;
  return (
    <Table.Th
      aria-sort={direction === null ? undefined : direction === "asc" ? "ascending" : "descending"}
    >
      <button
        type="button"
        className={classes.sortButton}
        onClick={() => onSortChange(nextSort(sort, sortKey, firstSort))}
      >
        {label}
        <SortIcon direction={direction} />
      </button>
    </Table.Th>
  );
}

/**
 * Placeholder rows while a table's first page loads, one bar per column (and an empty
 * leading cell with `leadingClassName`, when the table has one). Plain cells, and memoised:
 * drawn with a Mantine component per cell they made up almost half of the device list's
 * first render, and the page around them draws again as its other parts arrive.
 */
export const SkeletonRows = memo(
  function SkeletonRows({
    count,
    columns,
    leadingClassName,
  }: {
    count: number;
    columns: readonly string[];
    leadingClassName?: string;
  }) {
    return Array.from({ length: count }, (_, row) => (
      <tr key={row} className={classes.skeletonRow}>
        {leadingClassName !== undefined && (
          <td className={`${classes.skeletonCell} ${leadingClassName}`} />
        )}
        {columns.map((column, col) => (
          <td key={column} className={classes.skeletonCell}>
            {/* Uneven widths read as text rather than as a grid of bars. */}
            <div
              className={classes.skeletonBar}
              style={{ width: `${55 + ((row * 7 + col * 11) % 40)}%` }}
            />
          </td>
        ))}
      </tr>
    ));
  },
  (before, after) =>
    before.count === after.count &&
    before.leadingClassName === after.leadingClassName &&
    before.columns.join() === after.columns.join(),
);

/**
 * A page of a server-side list: column headers that sort on the server, skeleton rows
 * while the first page loads, and the previous rows dimmed while the next ones do.
 */
export function SortableTable<T extends { id: number | string }, K extends string>({
  label,
  columns,
  rows,
  sort,
  onSortChange,
  stale,
  minWidth,
  skeletonRows = 8,
}: SortableTableProps<T, K>) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table
        highlightOnHover
        verticalSpacing="xs"
        aria-label={label}
        aria-busy={rows === undefined || stale}
        className={stale ? `${classes.table} ${classes.stale}` : classes.table}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <SortHeader
                key={column.id}
                label={column.label}
                sortKey={column.firstSort === undefined ? undefined : column.id}
                firstSort={column.firstSort}
                sort={sort}
                onSortChange={onSortChange}
              />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows === undefined ? (
            <SkeletonRows count={skeletonRows} columns={columns.map((column) => column.id)} />
          ) : (
            rows.map((item) => (
              <Table.Tr key={item.id}>
                {columns.map((column) => (
                  <Table.Td key={column.id}>{column.render(item)}</Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
