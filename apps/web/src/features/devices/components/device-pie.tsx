import { useEffect, useRef } from "react";
import { PieChart } from "echarts/charts";
import { TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";

echarts.use([PieChart, TooltipComponent, SVGRenderer]);

export interface PieSlice {
  key: string;
  label: string;
  value: number;
  color: string;
  /** Whether a click on it filters the list (the folded "Other" slice does not). */
  filters: boolean;
}

/**
 * A doughnut of the list's counts, in the chunk that carries ECharts: loaded only when the
 * charts first show. A click on a slice hands its key to `onSlice`. The slices' buttons
 * beside it carry the same for keyboards and screen readers, so the drawing is hidden from
 * them.
 */
export function DevicePie({
  slices,
  onSlice,
  dark,
  size,
}: {
  slices: readonly PieSlice[];
  onSlice: (key: string) => void;
  dark: boolean;
  /** Its width and height, in pixels. */
  size: number;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const latest = useRef({ slices, onSlice });
  useEffect(() => {
    latest.current = { slices, onSlice };
  });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = echarts.init(element, undefined, { renderer: "svg" });
    chart.current = instance;
    instance.on("click", (params) => {
      const slice = latest.current.slices[params.dataIndex];
      if (slice?.filters) latest.current.onSlice(slice.key);
    });
    const observer =
      typeof ResizeObserver === "undefined"
        ? undefined
        : new ResizeObserver(() => instance.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(
      {
        tooltip: { trigger: "item", formatter: "{b}: {c} ({d}%)" },
        series: [
          {
            type: "pie",
            radius: ["55%", "85%"],
            avoidLabelOverlap: true,
            label: { show: false },
            itemStyle: { borderColor: dark ? "#242424" : "#ffffff", borderWidth: 2 },
            cursor: "pointer",
            data: slices.map((s) => ({
              name: s.label,
              value: s.value,
              itemStyle: { color: s.color },
            })),
          },
        ],
      },
      true,
    );
  }, [slices, dark]);

  return <div ref={container} style={{ height: size, width: size, flex: "none" }} aria-hidden />;
}
