import { Suspense } from "react";
import { Button, Group, Pill } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import { pillRemoveProps } from "../../../components/ui/form/pill-remove-props";
import { lazyPart } from "../../../lib/lazy-part";
import { useCompanyOptions, useTagOptions } from "../api/list-filter-options";
import type { DeviceListState, FilterKey } from "../device-list-state";
import { SIGNAL_LABEL_KEYS, STATUS_LABEL_KEYS, firmwareLabel } from "./device-filter-labels";

/** The name a company or tag filter chip shows. */
function useChosenName(kind: "company" | "tag", id: number | undefined): string | undefined {
  const companies = useCompanyOptions("", kind === "company" && id !== undefined);
  const tags = useTagOptions("", kind === "tag" && id !== undefined);
  return (kind === "company" ? companies : tags).data?.find((o) => o.id === id)?.name;
}

const FilterPanel = lazyPart(() => import("./device-filter-panel").then((m) => m.FilterPanel));

/** Asks for the panel's code when the user heads for the Filters button. */
export const preloadDeviceFilters = FilterPanel.preload;

/**
 * The list's filters: status, signal, model, firmware, company and tag, kept in the URL by
 * their API names. Chosen filters show as chips that remove them; the choices themselves
 * open in a panel, whose code loads when it first opens.
 */
export function DeviceFilters({ list, opened }: { list: DeviceListState; opened: boolean }) {
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <FilterPanel list={list} />
    </Suspense>
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
