import { type MouseEvent, type ReactNode, Suspense, useRef } from "react";
import { Checkbox, Table } from "@mantine/core";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import { useNavigate } from "../../../lib/router";
import { formatSignal } from "@netfleet/contracts/devices/display";
import type { DeviceListItem as Device } from "@netfleet/contracts/schemas/devices";
import { DeviceStatusBadge } from "../../../components/ui/device-status-badge";
import { SkeletonRows, SortHeader } from "../../../components/ui/sortable-table";
import { devicePath } from "../../../lib/current-route";
import { formatDateTime } from "../../../lib/format";
import { lazyPart } from "../../../lib/lazy-part";
import type { ListSort, SortDirection } from "../../../lib/list-sort";
import type { DeviceSortKey } from "../api/list-devices";
import type { DeviceColumn } from "../device-list-state";
import { NameCell, TagsCell } from "./device-cells";
import classes from "./devices-table.module.css";

/** Pages longer than this draw only the rows in sight (and a few around them). */
export const VIRTUAL_ROWS_FROM = 50;
const ROW_HEIGHT = 41;
const VirtualRows = lazyPart(() => import("./virtual-rows").then((m) => m.default));

interface Column {
  id: DeviceColumn;
  label: string;
  sort?: { key: DeviceSortKey; first: SortDirection };
  render: (device: Device) => ReactNode;
}

// A missing value shows a dash (shell §2).
const dash = (value: string | number | undefined | null) =>
  value === undefined || value === null || value === "" ? "—" : value;

/** Every column the list can show, in its order. */
export function deviceColumns(
  t: TFunction<"devices">,
  editable: boolean,
): Record<DeviceColumn, Column> {
  const text = (id: DeviceColumn, label: string, key?: DeviceSortKey): Column => ({
    id,
    label,
    ...(key ? { sort: { key, first: "asc" as const } } : {}),
    render: (d) => dash(d[id as keyof Device] as string | undefined),
  });
  const mono = (id: "serial" | "mac", label: string): Column => ({
    id,
    label,
    sort: { key: id, first: "asc" },
    render: (d) => <span className={classes.mono}>{d[id]}</span>,
  });
  return {
    name: {
      id: "name",
      label: t("colName"),
      sort: { key: "name", first: "asc" },
      render: (d) => <NameCell device={d} editable={editable} />,
    },
    status: {
      id: "status",
      label: t("colStatus"),
      sort: { key: "status", first: "asc" },
      render: (d) => <DeviceStatusBadge status={d.status} />,
    },
    model: text("model", t("colModel"), "model"),
    firmware: text("firmware", t("colFirmware"), "firmware"),
    company_name: text("company_name", t("colCompany"), "company_name"),
    tags: {
      id: "tags",
      label: t("colTags"),
      render: (d) => <TagsCell device={d} editable={editable} />,
    },
    serial: mono("serial", t("colSerial")),
    mac: mono("mac", t("colMac")),
    created_at: {
      id: "created_at",
      label: t("colCreated"),
      sort: { key: "created_at", first: "desc" },
      render: (d) => formatDateTime(d.created_at),
    },
    signal: {
      id: "signal",
      label: t("colSignal"),
      render: (d) => (d.signal === undefined ? "—" : formatSignal(d.signal)),
    },
    operator: text("operator", t("colOperator")),
    connection_type: text("connection_type", t("colConnectionType")),
    wan_ip: {
      id: "wan_ip",
      label: t("colWanIp"),
      render: (d) => <span className={classes.mono}>{dash(d.wan_ip)}</span>,
    },
    last_connection_at: {
      id: "last_connection_at",
      label: t("colLastConnection"),
      render: (d) => formatDateTime(d.last_connection_at),
    },
  };
}

/** A click on a row opens the device, unless it was meant for a link, button or field in it. */
function opensDevice(event: MouseEvent<HTMLTableRowElement>): boolean {
  const target = event.target as HTMLElement;
  return !target.closest(
    "a, button, input, textarea, [role='dialog'], [data-combobox], [data-pick]",
  );
}

interface DevicesTableProps {
  /** Undefined while the first page loads. */
  rows: readonly Device[] | undefined;
  columns: readonly DeviceColumn[];
  sort: ListSort<DeviceSortKey> | null;
  onSortChange: (sort: ListSort<DeviceSortKey>) => void;
  /** The rows shown belong to the previous question while the next answer loads. */
  stale: boolean;
  /** Whether the user may rename devices and change their tags. */
  editable: boolean;
  skeletonRows?: number;
  /** Ticking rows for the bulk bar; absent when the user may not act on devices. */
  selection?: TableSelection;
}

/** Which rows are ticked, and how ticking changes that. */
export interface TableSelection {
  isSelected: (id: number) => boolean;
  toggle: (id: number) => void;
  /** Ticks every row of the page, or clears them when all are ticked. */
  togglePage: () => void;
  page: "all" | "some" | "none";
}

/**
 * A page of the device list: headers that sort on the server, names and tags editable in
 * place, a click on a row opening the device. A long page draws only the rows in sight.
 */
export function DevicesTable({
  rows,
  columns: shown,
  sort,
  onSortChange,
  stale,
  editable,
  skeletonRows = 8,
  selection,
}: DevicesTableProps) {
  const { t } = useTranslation("devices");
  const navigate = useNavigate();
  const all = deviceColumns(t, editable);
  const columns = shown.map((id) => all[id]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = (rows?.length ?? 0) > VIRTUAL_ROWS_FROM;

  const row = (device: Device) => (
    <Table.Tr
      key={device.id}
      onClick={(event) => {
        if (opensDevice(event)) void navigate(devicePath(device.id));
      }}
    >
      {selection && (
        <Table.Td className={classes.pick} data-pick>
          <Checkbox
            size="xs"
            aria-label={t("selectDevice", { name: device.name })}
            checked={selection.isSelected(device.id)}
            onChange={() => selection.toggle(device.id)}
          />
        </Table.Td>
      )}
      {columns.map((column) => (
        <Table.Td key={column.id}>{column.render(device)}</Table.Td>
      ))}
    </Table.Tr>
  );
  const span = columns.length + (selection ? 1 : 0);

  const spacer = (height: number, key: string) =>
    height > 0 ? (
      <tr key={key} aria-hidden style={{ height }}>
        <td colSpan={span} style={{ padding: 0, border: 0 }} />
      </tr>
    ) : null;

  let body: ReactNode;
  if (rows === undefined) {
    body = (
      <SkeletonRows
        count={skeletonRows}
        columns={shown}
        leadingClassName={selection ? classes.pick : undefined}
      />
    );
  } else if (virtual) {
    // Until the virtualizer has loaded, the first rows stand in for the page.
    body = (
      <Suspense fallback={rows.slice(0, VIRTUAL_ROWS_FROM).map(row)}>
        <VirtualRows
          rows={rows}
          scroller={scroller}
          rowHeight={ROW_HEIGHT}
          row={row}
          spacer={spacer}
        />
      </Suspense>
    );
  } else {
    body = rows.map(row);
  }

  return (
    <div
      ref={scroller}
      className={virtual ? `${classes.scroller} ${classes.scrollerTall}` : classes.scroller}
    >
      <Table
        highlightOnHover
        verticalSpacing="xs"
        miw={Math.max(640, columns.length * 120)}
        aria-label={t("table")}
        aria-busy={rows === undefined || stale}
        aria-rowcount={virtual ? rows!.length + 1 : undefined}
        className={stale ? `${classes.table} ${classes.stale}` : classes.table}
      >
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th className={classes.pick}>
                <Checkbox
                  size="xs"
                  aria-label={t("selectPage")}
                  checked={selection.page === "all"}
                  indeterminate={selection.page === "some"}
                  onChange={selection.togglePage}
                  disabled={!rows || rows.length === 0}
                />
              </Table.Th>
            )}
            {columns.map((column) => (
              <SortHeader
                key={column.id}
                label={column.label}
                sortKey={column.sort?.key}
                firstSort={column.sort?.first}
                sort={sort}
                onSortChange={onSortChange}
              />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{body}</Table.Tbody>
      </Table>
    </div>
  );
}
