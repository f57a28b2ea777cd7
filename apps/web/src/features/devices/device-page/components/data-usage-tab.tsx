import { Alert, Group, Skeleton, Stack, Text, useComputedColorScheme } from "@mantine/core";
import { IconAlertCircle, IconArrowsDownUp } from "@tabler/icons-react";
import { useTranslation } from "../../../../lib/i18n";
import { parseApiDateTime } from "@netfleet/contracts/dates";
import type { DeviceDetail } from "@netfleet/contracts/schemas/device-page";
import { EmptyState } from "../../../../components/ui/empty-state";
import { formatBytes } from "../../../../lib/format";
import { toApiRequestError } from "../../../../lib/http";
import { formatInTimezone } from "../../../../lib/timezone";
import { useDeviceDataUsage } from "../api/get-device-data-usage";
import { usageTotals } from "../chart-data";
import { barChartOption } from "../chart-options";
import type { RangeKey } from "../time-range";
import { ChartCard } from "./chart-card";
import { RangePicker, useRangeKey } from "./range-picker";

/** A bucket's label in the user's time zone: its day, or its day and hour. */
function bucketLabel(date: string, period: "hour" | "day"): string {
  if (period === "day") return date;
  return formatInTimezone(parseApiDateTime(date), "MM-DD HH:mm");
}

/** Bytes sent and received per hour or day of the range, as bars. */
export function DataUsageChart({ device, range }: { device: DeviceDetail; range: RangeKey }) {
  const { t } = useTranslation("device-page");
  const scheme = useComputedColorScheme("light");
  const usage = useDeviceDataUsage(device.id, range);
  const title = t("dataUsage");
  if (usage.isError)
    return (
      <Alert
        color="red"
        variant="light"
        title={t("chartsFailed")}
        icon={<IconAlertCircle size={18} />}
      >
        {toApiRequestError(usage.error).message}
      </Alert>
    );
  if (!usage.data) return <Skeleton height={300} aria-label={t("loading")} />;
  const { data, meta } = usage.data;
  return (
    <ChartCard
      title={title}
      empty={data.length === 0}
      option={barChartOption({
        categories: data.map((row) => bucketLabel(row.date, meta.period)),
        series: [
          { name: t("sent"), values: data.map((row) => row.tx), color: "#1c7ed6" },
          { name: t("received"), values: data.map((row) => row.rx), color: "#2f9e44" },
        ],
        formatValue: formatBytes,
        scheme,
      })}
    />
  );
}

/** The data usage tab: totals of the range and the bars per hour or day. */
export function DataUsageTab({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation("device-page");
  const [range, setRange] = useRangeKey();
  const usage = useDeviceDataUsage(device.id, range);
  const rows = usage.data?.data;
  const totals = rows ? usageTotals(rows) : undefined;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" role="status">
          {totals && rows && rows.length > 0
            ? t("usageTotals", { sent: formatBytes(totals.tx), received: formatBytes(totals.rx) })
            : ""}
        </Text>
        <RangePicker value={range} onChange={setRange} />
      </Group>
      {rows && rows.length === 0 ? (
        <EmptyState title={t("usageEmptyTitle")} icon={<IconArrowsDownUp size={26} stroke={1.6} />}>
          {t("usageEmptyText")}
        </EmptyState>
      ) : (
        <DataUsageChart device={device} range={range} />
      )}
    </Stack>
  );
}
