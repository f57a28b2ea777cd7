import { Alert, Group, SimpleGrid, Skeleton, Stack, useComputedColorScheme } from "@mantine/core";
import { IconAlertCircle, IconChartLine } from "@tabler/icons-react";
import { useTranslation } from "../../../../lib/i18n";
import { FORMAT } from "@netfleet/contracts/constants";
import { parseApiDateTime } from "@netfleet/contracts/dates";
import type { DeviceDetail, DeviceMetric } from "@netfleet/contracts/schemas/device-page";
import { EmptyState } from "../../../../components/ui/empty-state";
import { formatBytes } from "../../../../lib/format";
import { toApiRequestError } from "../../../../lib/http";
import { formatInTimezone } from "../../../../lib/timezone";
import { useDeviceInformation } from "../api/get-device-information";
import { hasAny, metricPoints } from "../chart-data";
import { timeChartOption } from "../chart-options";
import { ChartCard } from "./chart-card";
import { RangePicker, useRangeKey } from "./range-picker";
import { DataUsageChart } from "./data-usage-tab";

interface MetricChart {
  metric: DeviceMetric;
  title: string;
  color: string;
  format: (value: number) => string;
  binary?: boolean;
}

export type MetricsKind = "dynamic" | "io" | "mobile-data";

const TWO_DAYS_MS = 2 * 86_400_000;

/** Measurements of a device over the chosen range, one chart each. */
export function MetricsTab({ device, kind }: { device: DeviceDetail; kind: MetricsKind }) {
  const { t } = useTranslation("device-page");
  const scheme = useComputedColorScheme("light");
  const [range, setRange] = useRangeKey();
  const information = useDeviceInformation(device.id, range);

  const charts: MetricChart[] =
    kind === "io"
      ? [
          {
            metric: "digital_input",
            title: t("digitalInput"),
            color: "#1c7ed6",
            format: stateOf,
            binary: true,
          },
          {
            metric: "relay_output",
            title: t("relayOutput"),
            color: "#e8590c",
            format: stateOf,
            binary: true,
          },
        ]
      : kind === "mobile-data"
        ? [
            {
              metric: "signal",
              title: t("signal"),
              color: "#1c7ed6",
              format: (v) => `${v} ${FORMAT.units.signal}`,
            },
          ]
        : [
            {
              metric: "signal",
              title: t("signal"),
              color: "#1c7ed6",
              format: (v) => `${v} ${FORMAT.units.signal}`,
            },
            {
              metric: "temperature",
              title: t("temperature"),
              color: "#e8590c",
              format: (v) => `${v} ${FORMAT.units.temperature}`,
            },
            { metric: "cpu_load", title: t("cpuLoad"), color: "#2f9e44", format: (v) => `${v} %` },
            {
              metric: "memory_free",
              title: t("memoryFree"),
              color: "#9c36b5",
              format: formatBytes,
            },
          ];

  function stateOf(value: number) {
    return value >= 1 ? t("stateOn") : t("stateOff");
  }

  const unsupported =
    (kind === "mobile-data" && !device.has_mobile) || (kind === "io" && !device.has_io);

  let body;
  if (unsupported) {
    body = (
      <EmptyState
        title={t(kind === "io" ? "noIoTitle" : "noMobileTitle")}
        icon={<IconChartLine size={26} stroke={1.6} />}
      >
        {t(kind === "io" ? "noIoText" : "noMobileText", { model: device.model })}
      </EmptyState>
    );
  } else if (information.isError) {
    body = (
      <Alert
        color="red"
        variant="light"
        title={t("chartsFailed")}
        icon={<IconAlertCircle size={18} />}
      >
        {toApiRequestError(information.error).message}
      </Alert>
    );
  } else if (!information.data) {
    body = <Skeleton height={300} aria-label={t("loading")} />;
  } else if (
    kind !== "mobile-data" &&
    !hasAny(
      information.data.data,
      charts.map((c) => c.metric),
    )
  ) {
    body = (
      <EmptyState title={t("metricsEmptyTitle")} icon={<IconChartLine size={26} stroke={1.6} />}>
        {t("metricsEmptyText")}
      </EmptyState>
    );
  } else {
    const { data, meta } = information.data;
    const startMs = parseApiDateTime(meta.start_date).getTime();
    const endMs = parseApiDateTime(meta.end_date).getTime();
    const axisFormat = endMs - startMs > TWO_DAYS_MS ? "MM-DD" : "HH:mm";
    body = (
      <SimpleGrid cols={{ base: 1, lg: charts.length > 1 ? 2 : 1 }} spacing="md">
        {charts.map((chart) => {
          const points = metricPoints(data, chart.metric, meta.bucket_seconds);
          return (
            <ChartCard
              key={chart.metric}
              title={chart.title}
              empty={points.length === 0}
              option={timeChartOption({
                series: [{ name: chart.title, points, color: chart.color, step: chart.binary }],
                formatValue: chart.format,
                formatTime: (ms) => formatInTimezone(ms, FORMAT.dateFormat),
                formatAxisTime: (ms) => formatInTimezone(ms, axisFormat),
                scheme,
                startMs,
                endMs,
                binary: chart.binary,
              })}
            />
          );
        })}
        {kind === "mobile-data" && <DataUsageChart device={device} range={range} />}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      {!unsupported && (
        <Group justify="flex-end">
          <RangePicker value={range} onChange={setRange} />
        </Group>
      )}
      {body}
    </Stack>
  );
}
