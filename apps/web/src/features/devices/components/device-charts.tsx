import { Suspense } from "react";
import { lazyPart } from "../../../lib/lazy-part";
import {
  Alert,
  ColorSwatch,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
  useComputedColorScheme,
} from "@mantine/core";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import { CHART_PALETTE } from "@netfleet/contracts/devices/display";
import {
  DEFAULT_DEVICE_LIST_DEFINITION,
  type DeviceListChartKey,
} from "@netfleet/contracts/devices/list-definition";
import {
  DEVICE_STATUS_FILTERS,
  type DeviceStatusFilter,
} from "@netfleet/contracts/devices/list-filters";
import type { DeviceStatistics } from "@netfleet/contracts/schemas/devices";
import type { PieSlice } from "./device-pie";
import { STATUS_LABEL_KEYS, firmwareLabel } from "./device-filter-labels";

const DevicePie = lazyPart(() => import("./device-pie").then((m) => m.DevicePie));

/**
 * Slices of their own before the rest fold into "Other" (the palette's last colour): few
 * enough that the three cards stay short, on a phone too.
 */
const MAX_SLICES = 5;
const OTHER_COLOR = CHART_PALETTE[CHART_PALETTE.length - 1]!;
const OTHER = "__other__";

/**
 * A card's body has one height, loading, loaded or empty, so that the list below does not
 * move when the counts arrive: its pie's, or its legend's at most (every slice and
 * "Other"), each line of a fixed height.
 */
const PIE_SIZE = 112;
const LEGEND_LINE = 18;
const LEGEND_GAP = 2;
const BODY_HEIGHT = Math.max(PIE_SIZE, (MAX_SLICES + 1) * LEGEND_LINE + MAX_SLICES * LEGEND_GAP);

const STATUS_COLORS: Record<DeviceStatusFilter, string> = {
  online: "var(--mantine-color-green-6)",
  offline: "var(--mantine-color-red-6)",
  pending: "var(--mantine-color-yellow-5)",
  not_activated: "var(--mantine-color-gray-5)",
};
// ECharts draws with colours, not CSS variables.
const STATUS_CHART_COLORS: Record<DeviceStatusFilter, string> = {
  online: "#40c057",
  offline: "#fa5252",
  pending: "#fcc419",
  not_activated: "#adb5bd",
};

const TITLE_KEYS = {
  status: "chartStatus",
  model: "chartModel",
  firmware: "chartFirmware",
} as const satisfies Record<DeviceListChartKey, string>;

/** The charts the default definition lets a list show (FM-ENTITY-010). */
export const DEVICE_CHARTS = DEFAULT_DEVICE_LIST_DEFINITION.charts
  .filter((chart) => chart.whitelisted)
  .map((chart) => chart.key);

function slicesOf(
  t: TFunction<"devices">,
  chart: DeviceListChartKey,
  counts: Record<string, number>,
): (PieSlice & { swatch: string })[] {
  if (chart === "status") {
    return DEVICE_STATUS_FILTERS.filter((key) => (counts[key] ?? 0) > 0).map((key) => ({
      key,
      label: t(STATUS_LABEL_KEYS[key]),
      value: counts[key]!,
      color: STATUS_CHART_COLORS[key],
      swatch: STATUS_COLORS[key],
      filters: true,
    }));
  }
  const sorted = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  const own = sorted.length > MAX_SLICES + 1 ? sorted.slice(0, MAX_SLICES) : sorted;
  const slices = own.map(([key, value], i) => {
    const color = CHART_PALETTE[i]!;
    const label = chart === "firmware" ? firmwareLabel(t, key) : key;
    return { key, label, value, color, swatch: color, filters: true };
  });
  const rest = sorted.slice(own.length).reduce((sum, [, value]) => sum + value, 0);
  if (rest > 0) {
    slices.push({
      key: OTHER,
      label: t("chartOther"),
      value: rest,
      color: OTHER_COLOR,
      swatch: OTHER_COLOR,
      filters: false,
    });
  }
  return slices;
}

function ChartCard({
  chart,
  counts,
  onFilter,
}: {
  chart: DeviceListChartKey;
  counts: Record<string, number> | undefined;
  onFilter: (chart: DeviceListChartKey, key: string) => void;
}) {
  const { t } = useTranslation("devices");
  const dark = useComputedColorScheme("light") === "dark";
  const title = t(TITLE_KEYS[chart]);
  const slices = counts ? slicesOf(t, chart, counts) : undefined;
  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Title order={2} fz="sm" fw={600} mb="xs">
        {title}
      </Title>
      {slices === undefined ? (
        <Group gap="md" wrap="nowrap" h={BODY_HEIGHT} aria-busy>
          <Skeleton circle height={PIE_SIZE} style={{ flex: "none" }} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={10} width="80%" />
            <Skeleton height={10} width="60%" />
            <Skeleton height={10} width="70%" />
          </Stack>
        </Group>
      ) : slices.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" lh={`${BODY_HEIGHT}px`}>
          {t("chartEmpty")}
        </Text>
      ) : (
        <Group gap="md" wrap="nowrap" align="center" h={BODY_HEIGHT}>
          <Suspense fallback={<Skeleton circle height={PIE_SIZE} style={{ flex: "none" }} />}>
            <DevicePie
              slices={slices}
              dark={dark}
              size={PIE_SIZE}
              onSlice={(key) => onFilter(chart, key)}
            />
          </Suspense>
          <Stack gap={LEGEND_GAP} style={{ flex: 1, minWidth: 0 }} component="ul" m={0} p={0}>
            {slices.map((slice) => {
              const content = (
                <Group gap={6} wrap="nowrap" justify="space-between">
                  <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                    <ColorSwatch color={slice.swatch} size={10} withShadow={false} aria-hidden />
                    <Text size="xs" truncate="end" title={slice.label}>
                      {slice.label}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed" style={{ fontVariantNumeric: "tabular-nums" }}>
                    {slice.value.toLocaleString()}
                  </Text>
                </Group>
              );
              return (
                <li key={slice.key} style={{ listStyle: "none", height: LEGEND_LINE }}>
                  {slice.filters ? (
                    <UnstyledButton
                      w="100%"
                      px={4}
                      style={{ borderRadius: 4 }}
                      aria-label={t("chartFilter", { label: slice.label, count: slice.value })}
                      onClick={() => onFilter(chart, slice.key)}
                    >
                      {content}
                    </UnstyledButton>
                  ) : (
                    <div style={{ padding: "0 4px" }}>{content}</div>
                  )}
                </li>
              );
            })}
          </Stack>
        </Group>
      )}
    </Paper>
  );
}

/**
 * The status, model and firmware of the devices the list's filters match. A slice, or its
 * line beside the chart, filters the list by it.
 */
export function DeviceCharts({
  statistics,
  error,
  onFilter,
}: {
  statistics: DeviceStatistics | undefined;
  error: boolean;
  onFilter: (chart: DeviceListChartKey, key: string) => void;
}) {
  const { t } = useTranslation("devices");
  if (error) {
    return (
      <Alert mx="md" mb="md" color="red" variant="light" title={t("chartsFailed")} role="alert" />
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: DEVICE_CHARTS.length }} spacing="sm" px="md" pb="md">
      {DEVICE_CHARTS.map((chart) => (
        <ChartCard key={chart} chart={chart} counts={statistics?.[chart]} onFilter={onFilter} />
      ))}
    </SimpleGrid>
  );
}
