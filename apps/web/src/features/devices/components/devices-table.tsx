import { Text } from "@mantine/core";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { DeviceListItem as Device } from "@netfleet/contracts/schemas/devices";
import {
  type ListTableProps,
  SortableTable,
  type TableColumn,
} from "../../../components/ui/sortable-table";
import { formatDateTime } from "../../../lib/format";
import type { DeviceSortKey } from "../api/list-devices";
import { DeviceStatusBadge } from "../../../components/ui/device-status-badge";
import classes from "./devices-table.module.css";

// An empty name or firmware shows a dash (shell spec §2).
const dash = (value: string | null) => (value ? value : "—");

function deviceColumns(t: TFunction<"devices">): TableColumn<Device, DeviceSortKey>[] {
  return [
    {
      id: "name",
      label: t("colName"),
      firstSort: "asc",
      render: (d) => (
        <Text size="sm" fw={500} className={classes.name} title={d.name || undefined}>
          {dash(d.name)}
        </Text>
      ),
    },
    {
      id: "serial",
      label: t("colSerial"),
      firstSort: "asc",
      render: (d) => <span className={classes.mono}>{d.serial}</span>,
    },
    {
      id: "mac",
      label: t("colMac"),
      firstSort: "asc",
      render: (d) => <span className={classes.mono}>{d.mac}</span>,
    },
    { id: "model", label: t("colModel"), firstSort: "asc", render: (d) => d.model },
    { id: "firmware", label: t("colFirmware"), firstSort: "asc", render: (d) => dash(d.firmware) },
    {
      id: "status",
      label: t("colStatus"),
      firstSort: "asc",
      render: (d) => <DeviceStatusBadge status={d.status} />,
    },
    { id: "company_name", label: t("colCompany"), firstSort: "asc", render: (d) => d.company_name },
    {
      id: "created_at",
      label: t("colCreated"),
      firstSort: "desc",
      render: (d) => formatDateTime(d.created_at),
    },
  ];
}

export function DevicesTable(props: ListTableProps<Device, DeviceSortKey>) {
  const { t } = useTranslation("devices");
  return <SortableTable {...props} label={t("table")} columns={deviceColumns(t)} minWidth={980} />;
}
