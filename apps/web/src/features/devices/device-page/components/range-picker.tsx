import { SegmentedControl } from "@mantine/core";
import { useTranslation } from "../../../../lib/i18n";
import { useUrlParams } from "../../../../lib/url-params";
import { RANGE_PRESETS, rangeKeyOf, type RangeKey } from "../time-range";

const LABELS = {
  "1h": "range1h",
  "6h": "range6h",
  "24h": "range24h",
  "7d": "range7d",
  "30d": "range30d",
} as const satisfies Record<RangeKey, string>;

/** The chosen chart range, kept in the URL (`?range=7d`) so that tabs and reloads keep it. */
export function useRangeKey(): [RangeKey, (key: RangeKey) => void] {
  const [params, update] = useUrlParams();
  const key = rangeKeyOf(params.get("range"));
  const change = (next: RangeKey) => update({ range: next });
  return [key, change];
}

export function RangePicker({
  value,
  onChange,
}: {
  value: RangeKey;
  onChange: (key: RangeKey) => void;
}) {
  const { t } = useTranslation("device-page");
  return (
    <SegmentedControl
      aria-label={t("timeRange")}
      size="xs"
      value={value}
      onChange={(next) => onChange(rangeKeyOf(next))}
      data={RANGE_PRESETS.map((p) => ({ value: p.key, label: t(LABELS[p.key]) }))}
    />
  );
}
