import type { EChartsCoreOption } from "echarts/core";

/**
 * ECharts options for the device page's charts, built without ECharts itself so that they
 * can be checked on their own and the library stays in its lazily loaded chunk. Tooltips
 * are HTML: every text that goes into one is escaped here.
 */

/** Text as HTML that shows exactly that text. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** A point in time (epoch milliseconds) and its value; null draws a gap. */
export type TimePoint = readonly [number, number | null];

export interface TimeSeries {
  name: string;
  points: readonly TimePoint[];
  color: string;
  /** Draws states (0 or 1) as steps rather than slopes. */
  step?: boolean;
}

interface Palette {
  text: string;
  grid: string;
}

const PALETTES: Readonly<Record<"light" | "dark", Palette>> = {
  light: { text: "#495057", grid: "#e9ecef" },
  dark: { text: "#c9c9c9", grid: "#373a40" },
};

/**
 * `points` with a gap (a null) wherever two readings lie more than one and a half buckets
 * apart, so that a line does not bridge a time the device sent nothing.
 */
export function withGaps(points: readonly TimePoint[], bucketMs: number): TimePoint[] {
  const out: TimePoint[] = [];
  points.forEach((point, i) => {
    const previous = points[i - 1];
    if (previous && bucketMs > 0 && point[0] - previous[0] > bucketMs * 1.5)
      out.push([previous[0] + bucketMs, null]);
    out.push(point);
  });
  return out;
}

interface TooltipParam {
  seriesName?: string;
  marker?: unknown;
  value?: unknown;
  name?: string;
}

function tooltipRows(
  params: TooltipParam | TooltipParam[],
  formatValue: (value: number) => string,
): string[] {
  return (Array.isArray(params) ? params : [params]).flatMap((p) => {
    const value = Array.isArray(p.value) ? (p.value[1] as unknown) : p.value;
    if (typeof value !== "number") return [];
    const marker = typeof p.marker === "string" ? p.marker : "";
    return [`${marker}${escapeHtml(p.seriesName ?? "")}: <b>${escapeHtml(formatValue(value))}</b>`];
  });
}

const axisBase = (palette: Palette) => ({
  axisLine: { lineStyle: { color: palette.grid } },
  axisLabel: { color: palette.text, fontSize: 11, hideOverlap: true },
  splitLine: { lineStyle: { color: palette.grid } },
});

export interface TimeChartSpec {
  series: readonly TimeSeries[];
  formatValue: (value: number) => string;
  /** The tooltip's heading. */
  formatTime: (epochMs: number) => string;
  formatAxisTime: (epochMs: number) => string;
  scheme: "light" | "dark";
  /** The range shown, whatever the readings cover. */
  startMs: number;
  endMs: number;
  /** For states: the axis runs from 0 to 1. */
  binary?: boolean;
}

/** Lines over time. */
export function timeChartOption(spec: TimeChartSpec): EChartsCoreOption {
  const palette = PALETTES[spec.scheme];
  const base = axisBase(palette);
  return {
    animation: false,
    backgroundColor: "transparent",
    grid: {
      left: 8,
      right: 16,
      top: spec.series.length > 1 ? 32 : 12,
      bottom: 8,
    },
    legend:
      spec.series.length > 1
        ? { top: 0, textStyle: { color: palette.text }, icon: "roundRect", itemHeight: 8 }
        : undefined,
    tooltip: {
      trigger: "axis",
      confine: true,
      formatter: (params: TooltipParam | TooltipParam[]) => {
        const first = Array.isArray(params) ? params[0] : params;
        const at = Array.isArray(first?.value) ? (first.value[0] as number) : Number.NaN;
        const heading = Number.isNaN(at) ? "" : escapeHtml(spec.formatTime(at));
        return [heading, ...tooltipRows(params, spec.formatValue)].join("<br/>");
      },
    },
    xAxis: {
      type: "time",
      min: spec.startMs,
      max: spec.endMs,
      ...base,
      splitLine: { show: false },
      axisLabel: { ...base.axisLabel, formatter: (value: number) => spec.formatAxisTime(value) },
    },
    yAxis: {
      type: "value",
      scale: !spec.binary,
      ...(spec.binary ? { min: 0, max: 1, interval: 1 } : {}),
      ...base,
      axisLabel: { ...base.axisLabel, formatter: (value: number) => spec.formatValue(value) },
    },
    series: spec.series.map((s) => ({
      type: "line",
      name: s.name,
      data: s.points.map((p) => [...p]),
      color: s.color,
      showSymbol: s.points.length < 40,
      symbolSize: 5,
      step: s.step ? "end" : false,
      connectNulls: false,
      lineStyle: { width: 2 },
      emphasis: { focus: "series" },
    })),
  };
}

export interface BarSeries {
  name: string;
  values: readonly number[];
  color: string;
}

export interface BarChartSpec {
  categories: readonly string[];
  series: readonly BarSeries[];
  formatValue: (value: number) => string;
  scheme: "light" | "dark";
}

/** Bars side by side per category (a day or an hour). */
export function barChartOption(spec: BarChartSpec): EChartsCoreOption {
  const palette = PALETTES[spec.scheme];
  const base = axisBase(palette);
  return {
    animation: false,
    backgroundColor: "transparent",
    grid: { left: 8, right: 16, top: 32, bottom: 8 },
    legend: { top: 0, textStyle: { color: palette.text }, icon: "roundRect", itemHeight: 8 },
    tooltip: {
      trigger: "axis",
      confine: true,
      axisPointer: { type: "shadow" },
      formatter: (params: TooltipParam | TooltipParam[]) => {
        const first = Array.isArray(params) ? params[0] : params;
        return [escapeHtml(first?.name ?? ""), ...tooltipRows(params, spec.formatValue)].join(
          "<br/>",
        );
      },
    },
    xAxis: { type: "category", data: [...spec.categories], ...base, splitLine: { show: false } },
    yAxis: {
      type: "value",
      ...base,
      axisLabel: { ...base.axisLabel, formatter: (value: number) => spec.formatValue(value) },
    },
    series: spec.series.map((s) => ({
      type: "bar",
      name: s.name,
      data: [...s.values],
      color: s.color,
      barMaxWidth: 24,
      emphasis: { focus: "series" },
    })),
  };
}
