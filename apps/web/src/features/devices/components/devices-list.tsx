import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Popover,
  Stack,
  Text,
  ThemeIcon,
} from "@mantine/core";
import {
  IconChartPie,
  IconColumns3,
  IconDownload,
  IconFilter,
  IconPlus,
  IconRouter,
} from "@tabler/icons-react";
import { useDeferredValue, useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { Link } from "../../../lib/router";
import type { DeviceListChartKey } from "@netfleet/contracts/devices/list-definition";
import { hasPermission } from "@netfleet/contracts/permissions";
import { buildPath, routeByName } from "@netfleet/contracts/routes";
import { ListPager, ListSearchBox, totalLabel } from "../../../components/ui/list-pager";
import { LoadFailed } from "../../../components/ui/load-failed";
import { apiBaseUrl, serializeParams } from "../../../lib/http";
import { useSignedInUser } from "../../../lib/viewer";
import { openAddDeviceDialog } from "../add-device/add-device-dialog";
import { useDeviceStatistics } from "../api/device-statistics";
import { useDevices } from "../api/list-devices";
import {
  DEFAULT_DEVICE_COLUMNS,
  DEVICE_COLUMNS,
  type DeviceColumn,
  type DeviceListState,
  useDeviceListState,
} from "../device-list-state";
import { useLiveDeviceStatus } from "../use-live-device-status";
import type { BulkSelection } from "../api/bulk-actions";
import { BulkBar } from "./bulk-bar";
import { DeviceCharts } from "./device-charts";
import { ActiveFilters, DeviceFilters, preloadDeviceFilters } from "./device-filters";
import { deviceColumns, DevicesTable, type TableSelection } from "./devices-table";

const formRoute = routeByName("form");
const ADD_DEVICE_PATH = formRoute
  ? buildPath(formRoute, { name: "add-device" })
  : "/forms/add-device";

/**
 * The export of what the list shows, every page of it. A plain link: the browser streams the
 * file to disk as it arrives, where a call through the HTTP client would hold it all in memory.
 */
function exportHref(list: DeviceListState): string {
  const query = serializeParams({ q: list.params.q, sort: list.params.sort, ...list.filters });
  return `${apiBaseUrl() ?? ""}/api/devices/export/csv${query ? `?${query}` : ""}`;
}

function ColumnsChooser({ list }: { list: DeviceListState }) {
  const { t } = useTranslation("devices");
  const labels = deviceColumns(t, false);
  return (
    <Popover position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" size="sm" leftSection={<IconColumns3 size={16} aria-hidden />}>
          {t("columns")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group
          label={t("columnsLabel")}
          value={[...list.columns]}
          onChange={(value) => {
            // The order is the list's own, whatever order they were ticked in.
            const columns = DEVICE_COLUMNS.filter((c) => value.includes(c));
            if (columns.length > 0) list.changeColumns(columns);
          }}
        >
          <Stack gap={6} mt="xs">
            {DEVICE_COLUMNS.map((column: DeviceColumn) => (
              <Checkbox key={column} value={column} label={labels[column].label} size="sm" />
            ))}
          </Stack>
        </Checkbox.Group>
        <Button
          variant="subtle"
          size="compact-sm"
          mt="sm"
          onClick={() => list.changeColumns([...DEFAULT_DEVICE_COLUMNS])}
        >
          {t("columnsReset")}
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * The device list (FM-ENTITY-006…011): search, filters, the default definition's columns
 * (name and tags editable in place), the three charts over the filtered devices, paging on
 * the server and statuses kept live. What it shows lives in the URL.
 */
export function DevicesList() {
  const { t } = useTranslation("devices");
  const user = useSignedInUser();
  const can = (permission: "update_devices" | "create_devices" | "delete_devices") =>
    user !== undefined && hasPermission(user.permissions, permission);
  const list = useDeviceListState();
  const devices = useDevices(list.params);
  const [filtersOpened, setFiltersOpened] = useState(false);
  useLiveDeviceStatus();

  const filterCount = Object.keys(list.filters).length;
  const narrowed = Boolean(list.q) || filterCount > 0;
  // A page and its charts arrive as urgent updates; drawing them is deferred to a render
  // React can interrupt, so that a page of devices never blocks the page for long.
  const shown = useDeferredValue(devices.data);
  const meta = shown?.meta;
  const rows = shown?.data;
  const emptyFleet = meta !== undefined && meta.total === 0 && !narrowed;
  const chartsShown = list.chartsShown && !emptyFleet && !devices.isError;
  const statistics = useDeviceStatistics({ q: list.q || undefined, ...list.filters }, chartsShown);
  const deferredStatistics = useDeferredValue(statistics.data);

  const filterByChart = (chart: DeviceListChartKey, key: string) => list.setFilter(chart, key);

  // Ticked rows, or every match; a new search or filter starts the selection afresh.
  const question = JSON.stringify([list.q, list.filters]);
  const [picked, setPicked] = useState({
    question,
    ids: new Set<number>(),
    allMatching: false,
  });
  const current =
    picked.question === question
      ? picked
      : { ...picked, ids: new Set<number>(), allMatching: false };
  const pageIds = rows?.map((row) => row.id) ?? [];
  const pageTicked = pageIds.filter((id) => current.ids.has(id)).length;
  const choose = (ids: Set<number>, allMatching = false) =>
    setPicked({ question, ids, allMatching });
  const selection: TableSelection = {
    isSelected: (id) => current.allMatching || current.ids.has(id),
    toggle: (id) => {
      const ids = new Set(current.allMatching ? pageIds : current.ids);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      choose(ids);
    },
    togglePage: () => {
      const ids = new Set(current.ids);
      const all = current.allMatching || (pageIds.length > 0 && pageTicked === pageIds.length);
      for (const id of pageIds) {
        if (all) ids.delete(id);
        else ids.add(id);
      }
      choose(all ? new Set() : ids);
    },
    page:
      current.allMatching || (pageIds.length > 0 && pageTicked === pageIds.length)
        ? "all"
        : pageTicked > 0
          ? "some"
          : "none",
  };
  const bulk: BulkSelection | null = current.allMatching
    ? { filter: { ...(list.q ? { q: list.q } : {}), ...list.filters } }
    : current.ids.size > 0
      ? { device_id: [...current.ids] }
      : null;
  const totalShown = meta ? totalLabel(meta.total, meta.total_capped) : "";

  return (
    <Paper withBorder>
      <Group p="md" justify="space-between" gap="sm">
        <ListSearchBox
          label={t("search")}
          placeholder={t("searchPlaceholder")}
          value={list.search}
          onChange={list.changeSearch}
          onSubmit={list.flushSearch}
          width={320}
        />
        <Group gap="xs" wrap="wrap">
          <Button
            variant={filtersOpened ? "light" : "default"}
            size="sm"
            leftSection={<IconFilter size={16} aria-hidden />}
            rightSection={
              filterCount > 0 ? (
                <Badge size="xs" circle>
                  {filterCount}
                </Badge>
              ) : null
            }
            aria-expanded={filtersOpened}
            onPointerEnter={preloadDeviceFilters}
            onFocus={preloadDeviceFilters}
            onClick={() => setFiltersOpened((o) => !o)}
          >
            {t("filters")}
          </Button>
          <ColumnsChooser list={list} />
          <Button
            variant={list.chartsShown ? "light" : "default"}
            size="sm"
            leftSection={<IconChartPie size={16} aria-hidden />}
            aria-pressed={list.chartsShown}
            onClick={() => list.changeChartsShown(!list.chartsShown)}
          >
            {t("charts")}
          </Button>
          {can("create_devices") && (
            <Button
              size="sm"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => openAddDeviceDialog()}
            >
              {t("addDevice")}
            </Button>
          )}
          <Button
            component="a"
            href={exportHref(list)}
            download
            variant="default"
            size="sm"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            {t("exportCsv")}
          </Button>
        </Group>
      </Group>

      <ActiveFilters list={list} />
      <DeviceFilters list={list} opened={filtersOpened} />
      {chartsShown && (
        <DeviceCharts
          statistics={deferredStatistics}
          error={statistics.isError}
          onFilter={filterByChart}
        />
      )}

      {devices.isError ? (
        <LoadFailed
          m="md"
          mt={0}
          title={t("loadFailed")}
          error={devices.error}
          onRetry={() => devices.refetch()}
        />
      ) : emptyFleet ? (
        <Stack align="center" gap="xs" py={48} px="md" ta="center">
          <ThemeIcon variant="light" size={44} radius="xl" color="gray" aria-hidden>
            <IconRouter size={24} />
          </ThemeIcon>
          <Text fw={600}>{t("emptyTitle")}</Text>
          <Text size="sm" c="dimmed" maw={460}>
            {can("create_devices") ? t("emptyTextAdd") : t("emptyText")}
          </Text>
          {can("create_devices") && (
            <Button
              component={Link}
              to={ADD_DEVICE_PATH}
              mt="xs"
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t("addFirst")}
            </Button>
          )}
        </Stack>
      ) : meta && meta.total === 0 && rows?.length === 0 ? (
        <Stack align="center" gap="xs" py={48} px="md" ta="center">
          <Text fw={600}>{list.q ? t("noMatch", { query: list.q }) : t("noMatchFilters")}</Text>
          <Text size="sm" c="dimmed">
            {t("noMatchText")}
          </Text>
          <Group gap="xs" mt="xs">
            {list.q && (
              <Button variant="light" size="xs" onClick={list.clearSearch}>
                {t("clearSearch")}
              </Button>
            )}
            {filterCount > 0 && (
              <Button variant="light" size="xs" onClick={list.clearFilters}>
                {t("clearFilters")}
              </Button>
            )}
          </Group>
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
          {bulk && (
            <BulkBar
              selection={bulk}
              count={current.allMatching ? totalShown : totalLabel(current.ids.size, false)}
              offerAll={
                meta && selection.page === "all" && meta.total > pageIds.length ? totalShown : null
              }
              onSelectAll={() => choose(new Set(), true)}
              onClear={() => choose(new Set())}
              canDelete={can("delete_devices")}
            />
          )}
          <DevicesTable
            selection={can("update_devices") ? selection : undefined}
            rows={rows}
            columns={list.columns}
            sort={list.sort}
            onSortChange={list.changeSort}
            stale={devices.isPlaceholderData}
            editable={can("update_devices")}
            skeletonRows={Math.min(list.pageSize, 10)}
          />
          {meta && rows && (
            <ListPager
              page={list.page}
              pageSize={list.pageSize}
              pageSizes={list.pageSizes}
              onPageSizeChange={list.changePageSize}
              shown={rows.length}
              total={meta.total}
              capped={meta.total_capped}
              onPageChange={list.changePage}
              // Past the count cap, or once paging by cursor, pages are walked, not numbered.
              walk={
                meta.total_capped || list.cursorPaging
                  ? {
                      previous: meta.prev
                        ? () => list.previousPage(meta.prev!)
                        : list.page > 1
                          ? () => list.changePage(list.page - 1)
                          : undefined,
                      next: meta.next ? () => list.nextPage(meta.next!) : undefined,
                    }
                  : undefined
              }
            />
          )}
        </>
      )}
    </Paper>
  );
}
