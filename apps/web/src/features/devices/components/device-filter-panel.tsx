import { useState } from "react";
import { Select, SimpleGrid } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useTranslation } from "../../../lib/i18n";
import { DEVICE_STATUS_FILTERS, SIGNAL_BUCKETS } from "@netfleet/contracts/devices/list-filters";
import { useDeviceFilterChoices } from "../api/device-statistics";
import { useCompanyOptions, useTagOptions } from "../api/list-filter-options";
import type { DeviceListState, FilterKey } from "../device-list-state";
import { SIGNAL_LABEL_KEYS, STATUS_LABEL_KEYS, firmwareLabel } from "./device-filter-labels";

/** A select of companies or tags, searched on the server as the user types. */
function RemoteSelect({
  kind,
  label,
  value,
  onChange,
}: {
  kind: "company" | "tag";
  label: string;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const { t } = useTranslation("devices");
  const [search, setSearch] = useState("");
  const [opened, setOpened] = useState(false);
  const [q] = useDebouncedValue(search.trim(), 300);
  // The chosen one's name is needed as soon as it is chosen, the list once it opens.
  const enabled = opened || value !== undefined;
  const companies = useCompanyOptions(kind === "company" ? q : "", kind === "company" && enabled);
  const tags = useTagOptions(kind === "tag" ? q : "", kind === "tag" && enabled);
  const options = (kind === "company" ? companies : tags).data ?? [];
  const data = options.map((o) => ({ value: String(o.id), label: o.name }));
  if (value !== undefined && !data.some((o) => o.value === String(value)))
    data.unshift({ value: String(value), label: `#${value}` });
  return (
    <Select
      label={label}
      placeholder={t("filterAny")}
      data={data}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(next === null ? undefined : Number(next))}
      searchable
      clearable
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      filter={({ options: all }) => all}
      nothingFoundMessage={t("filterNothing")}
    />
  );
}

/** The panel of the list's filters (device-filters.tsx); its module loads when it first opens. */
export function FilterPanel({ list }: { list: DeviceListState }) {
  const { t } = useTranslation("devices");
  const [choicesWanted, setChoicesWanted] = useState(false);
  const choices = useDeviceFilterChoices(choicesWanted);
  const { filters, setFilter } = list;
  const withCurrent = (keys: string[], current: string | undefined) =>
    current && !keys.includes(current) ? [current, ...keys] : keys;
  const models = withCurrent(Object.keys(choices.data?.model ?? {}).sort(), filters.model);
  const firmwares = withCurrent(Object.keys(choices.data?.firmware ?? {}).sort(), filters.firmware);
  const text = (key: FilterKey) => (value: string | null) => setFilter(key, value ?? undefined);

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }} spacing="sm" px="md" pb="md">
      <Select
        label={t("filterStatus")}
        placeholder={t("filterAny")}
        data={DEVICE_STATUS_FILTERS.map((value) => ({
          value,
          label: t(STATUS_LABEL_KEYS[value]),
        }))}
        value={filters.status ?? null}
        onChange={text("status")}
        clearable
      />
      <Select
        label={t("filterSignal")}
        placeholder={t("filterAny")}
        data={SIGNAL_BUCKETS.map((value) => ({ value, label: t(SIGNAL_LABEL_KEYS[value]) }))}
        value={filters.signal ?? null}
        onChange={text("signal")}
        clearable
      />
      <Select
        label={t("filterModel")}
        placeholder={t("filterAny")}
        data={models}
        value={filters.model ?? null}
        onChange={text("model")}
        onDropdownOpen={() => setChoicesWanted(true)}
        nothingFoundMessage={choices.isFetching ? t("loading") : t("filterNothing")}
        searchable
        clearable
      />
      <Select
        label={t("filterFirmware")}
        placeholder={t("filterAny")}
        data={firmwares.map((value) => ({ value, label: firmwareLabel(t, value) }))}
        value={filters.firmware ?? null}
        onChange={text("firmware")}
        onDropdownOpen={() => setChoicesWanted(true)}
        nothingFoundMessage={choices.isFetching ? t("loading") : t("filterNothing")}
        searchable
        clearable
      />
      <RemoteSelect
        kind="company"
        label={t("filterCompany")}
        value={filters.company_id}
        onChange={(id) => setFilter("company_id", id)}
      />
      <RemoteSelect
        kind="tag"
        label={t("filterTag")}
        value={filters.tag_id}
        onChange={(id) => setFilter("tag_id", id)}
      />
    </SimpleGrid>
  );
}
