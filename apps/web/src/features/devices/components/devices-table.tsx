import type { ReactNode } from "react";
import { Skeleton, Table, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconChevronUp, IconSelector } from "@tabler/icons-react";
import { formatDateTime } from "../../../lib/format";
import type { DeviceListItem as Device } from "@netfleet/contracts/schemas/devices";
import type { DeviceSortKey } from "../api/list-devices";
import type { DeviceSort, SortDirection } from "../device-sort";
import { DeviceStatusBadge } from "./device-status-badge";
import classes from "./devices-table.module.css";

interface Column {
  label: string;
  render: (device: Device) => ReactNode;
  /** Sortable columns name the API's sort key and the direction a first click picks. */
  sort?: { key: DeviceSortKey; first: SortDirection };
}

// An empty name or firmware shows a dash (shell spec §2).
const dash = (value: string | null) => (value ? value : "—");

export const DEVICE_COLUMNS: readonly Column[] = [
  {
    label: "Name",
    sort: { key: "name", first: "asc" },
    render: (d) => (
      <Text size="sm" fw={500} className={classes.name} title={d.name || undefined}>
        {dash(d.name)}
      </Text>
    ),
  },
  {
    label: "Serial",
    sort: { key: "serial", first: "asc" },
    render: (d) => <span className={classes.mono}>{d.serial}</span>,
  },
  {
    label: "MAC",
    sort: { key: "mac", first: "asc" },
    render: (d) => <span className={classes.mono}>{d.mac}</span>,
  },
  { label: "Model", sort: { key: "model", first: "asc" }, render: (d) => d.model },
  { label: "Firmware", sort: { key: "firmware", first: "asc" }, render: (d) => dash(d.firmware) },
  {
    label: "Status",
    sort: { key: "status", first: "asc" },
    render: (d) => <DeviceStatusBadge status={d.status} />,
  },
  { label: "Company", sort: { key: "company_name", first: "asc" }, render: (d) => d.company_name },
  {
    label: "Created at",
    sort: { key: "created_at", first: "desc" },
    render: (d) => formatDateTime(d.created_at),
  },
];

const SKELETON_ROWS = 8;

interface DevicesTableProps {
  /** Undefined while the first page loads. */
  devices: Device[] | undefined;
  sort: DeviceSort | null;
  onSortChange: (sort: DeviceSort) => void;
  /** The rows shown belong to the previous query while the next one loads. */
  stale: boolean;
}

function SortIcon({ direction }: { direction: SortDirection | null }) {
  if (direction === "asc")
    return <IconChevronUp size={14} className={classes.sortIconActive} aria-hidden />;
  if (direction === "desc")
    return <IconChevronDown size={14} className={classes.sortIconActive} aria-hidden />;
  return <IconSelector size={14} className={classes.sortIcon} aria-hidden />;
}

function HeaderCell({
  column,
  sort,
  onSortChange,
}: { column: Column } & Pick<DevicesTableProps, "sort" | "onSortChange">) {
  const spec = column.sort;
  if (!spec) return <Table.Th className={classes.th}>{column.label}</Table.Th>;
  const direction = sort?.key === spec.key ? sort.direction : null;
  const next: SortDirection =
    direction === null ? spec.first : direction === "asc" ? "desc" : "asc";
  return (
    <Table.Th
      className={classes.th}
      aria-sort={direction === null ? undefined : direction === "asc" ? "ascending" : "descending"}
    >
      <UnstyledButton
        className={classes.sortButton}
        onClick={() => onSortChange({ key: spec.key, direction: next })}
      >
        {column.label}
        <SortIcon direction={direction} />
      </UnstyledButton>
    </Table.Th>
  );
}

export function DevicesTable({ devices, sort, onSortChange, stale }: DevicesTableProps) {
  return (
    <Table.ScrollContainer minWidth={980} type="native">
      <Table
        highlightOnHover
        verticalSpacing="xs"
        aria-label="Devices"
        aria-busy={devices === undefined || stale}
        className={stale ? `${classes.table} ${classes.stale}` : classes.table}
      >
        <Table.Thead>
          <Table.Tr>
            {DEVICE_COLUMNS.map((column) => (
              <HeaderCell
                key={column.label}
                column={column}
                sort={sort}
                onSortChange={onSortChange}
              />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices === undefined
            ? Array.from({ length: SKELETON_ROWS }, (_, row) => (
                <Table.Tr key={row}>
                  {DEVICE_COLUMNS.map((column) => (
                    <Table.Td key={column.label}>
                      <Skeleton
                        h={12}
                        my={4}
                        width={`${60 + ((row * 7 + column.label.length * 5) % 35)}%`}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : devices.map((device) => (
                <Table.Tr key={device.id}>
                  {DEVICE_COLUMNS.map((column) => (
                    <Table.Td key={column.label}>{column.render(device)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
