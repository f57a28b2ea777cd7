import { IconRouter } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ServerList, useUrlListState } from "../../../components/ui/server-list";
import { type DeviceSortKey, useDevices } from "../api/list-devices";
import { DevicesTable } from "./devices-table";

export const DEVICES_PAGE_SIZE = 25;

const SORT_KEYS = [
  "name",
  "serial",
  "mac",
  "model",
  "firmware",
  "status",
  "company_name",
  "created_at",
] as const satisfies readonly DeviceSortKey[];

/**
 * The device list with server-side search, sorting and paging. Its state lives in the
 * URL (`?q=&sort=&page=`) so that reloading, sharing and Back keep the same view.
 */
export function DevicesList() {
  const { t } = useTranslation("devices");
  const list = useUrlListState({ id: "devices", pageSize: DEVICES_PAGE_SIZE, sortKeys: SORT_KEYS });
  const devices = useDevices(list.params);

  return (
    <ServerList
      list={list}
      result={devices}
      searchLabel={t("search")}
      searchPlaceholder={t("searchPlaceholder")}
      errorTitle={t("loadFailed")}
      icon={<IconRouter size={24} />}
      emptyTitle={t("emptyTitle")}
      emptyText={t("emptyText")}
      noMatchTitle={t("noMatch", { query: list.q })}
      noMatchText={t("noMatchText")}
    >
      {(table) => <DevicesTable {...table} />}
    </ServerList>
  );
}
