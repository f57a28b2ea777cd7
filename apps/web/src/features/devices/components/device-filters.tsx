import { useState } from "react";
import { Button, Group, Pill, Select, SimpleGrid } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import {
  DEVICE_STATUS_FILTERS,
  type DeviceStatusFilter,
  SIGNAL_BUCKETS,
  type SignalBucket,
  UNKNOWN_FIRMWARE,
} from "@netfleet/contracts/devices/list-filters";
import { pillRemoveProps } from "../../../components/ui/form/field-props";
import { useDeviceFilterChoices } from "../api/device-statistics";
import { useCompanyOptions, useTagOptions } from "../api/list-filter-options";
import type { DeviceListState, FilterKey } from "../device-list-state";

export const STATUS_LABEL_KEYS = {
  online: "statusOnline",
  offline: "statusOffline",
  pending: "statusPending",
  not_activated: "statusNotActivated",
} as const satisfies Record<DeviceStatusFilter, string>;

const SIGNAL_LABEL_KEYS = {
  excellent: "signalExcellent",
  average: "signalAverage",
  low: "signalLow",
  no_signal: "signalNone",
} as const satisfies Record<SignalBucket, string>;

/** How a firmware key reads: devices without firmware are counted as "unknown". */
export function firmwareLabel(t: TFunction<"devices">, firmware: string): string {
  return firmware === UNKNOWN_FIRMWARE ? t("firmwareUnknown") : firmware;
}

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

/** The name a company or tag filter chip shows. */
function useChosenName(kind: "company" | "tag", id: number | undefined): string | undefined {
  const companies = useCompanyOptions("", kind === "company" && id !== undefined);
  const tags = useTagOptions("", kind === "tag" && id !== undefined);
  return (kind === "company" ? companies : tags).data?.find((o) => o.id === id)?.name;
}

/**
 * The list's filters: status, signal, model, firmware, company and tag, kept in the URL by
 * their API names. Chosen filters show as chips that remove them; the choices themselves
 * open in a panel.
 */
export function DeviceFilters({ list, opened }: { list: DeviceListState; opened: boolean }) {
  const { t } = useTranslation("devices");
  const [choicesWanted, setChoicesWanted] = useState(false);
  const choices = useDeviceFilterChoices(choicesWanted);
  const { filters, setFilter } = list;
  const withCurrent = (keys: string[], current: string | undefined) =>
    current && !keys.includes(current) ? [current, ...keys] : keys;
  const models = withCurrent(Object.keys(choices.data?.model ?? {}).sort(), filters.model);
  const firmwares = withCurrent(Object.keys(choices.data?.firmware ?? {}).sort(), filters.firmware);
  const text = (key: FilterKey) => (value: string | null) => setFilter(key, value ?? undefined);

  if (!opened) return null;
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

/** The chosen filters as chips; each chip's button removes its filter. */
export function ActiveFilters({ list }: { list: DeviceListState }) {
  const { t } = useTranslation("devices");
  const { filters, setFilter } = list;
  const company = useChosenName("company", filters.company_id);
  const tag = useChosenName("tag", filters.tag_id);
  const chips: { key: FilterKey; label: string }[] = [];
  if (filters.status)
    chips.push({
      key: "status",
      label: `${t("filterStatus")}: ${t(STATUS_LABEL_KEYS[filters.status])}`,
    });
  if (filters.signal)
    chips.push({
      key: "signal",
      label: `${t("filterSignal")}: ${t(SIGNAL_LABEL_KEYS[filters.signal])}`,
    });
  if (filters.model) chips.push({ key: "model", label: `${t("filterModel")}: ${filters.model}` });
  if (filters.firmware)
    chips.push({
      key: "firmware",
      label: `${t("filterFirmware")}: ${firmwareLabel(t, filters.firmware)}`,
    });
  if (filters.company_id !== undefined)
    chips.push({
      key: "company_id",
      label: `${t("filterCompany")}: ${company ?? `#${filters.company_id}`}`,
    });
  if (filters.tag_id !== undefined)
    chips.push({ key: "tag_id", label: `${t("filterTag")}: ${tag ?? `#${filters.tag_id}`}` });
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" px="md" pb="md" wrap="wrap">
      {chips.map((chip) => (
        <Pill
          key={chip.key}
          size="md"
          withRemoveButton
          removeButtonProps={pillRemoveProps(t("removeFilter", { filter: chip.label }))}
          onRemove={() => setFilter(chip.key, undefined)}
        >
          {chip.label}
        </Pill>
      ))}
      <Button variant="subtle" size="compact-sm" onClick={list.clearFilters}>
        {t("clearFilters")}
      </Button>
    </Group>
  );
}
