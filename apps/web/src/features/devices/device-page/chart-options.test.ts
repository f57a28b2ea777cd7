import { describe, expect, it } from "vitest";
import { barChartOption, escapeHtml, timeChartOption, withGaps } from "./chart-options";

type Formatter = (params: unknown) => string;

const MARKUP = "<img src=x onerror=alert(1)>";

describe("chart options", () => {
  it("escapes every text a tooltip shows", () => {
    const option = timeChartOption({
      series: [{ name: MARKUP, points: [[1_000, -70]], color: "#1c7ed6" }],
      formatValue: (v) => `${v} <b>dBm</b>`,
      formatTime: () => "<i>now</i>",
      formatAxisTime: () => "",
      scheme: "light",
      startMs: 0,
      endMs: 2_000,
    }) as { tooltip: { formatter: Formatter } };
    const html = option.tooltip.formatter([
      { seriesName: MARKUP, value: [1_000, -70], marker: "" },
    ]);
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<i>");
    expect(html).toContain(escapeHtml(MARKUP));
    expect(html).toContain("-70 &lt;b&gt;dBm&lt;/b&gt;");
  });

  it("escapes a bar tooltip's category and series names", () => {
    const option = barChartOption({
      categories: [MARKUP],
      series: [{ name: MARKUP, values: [5], color: "#1c7ed6" }],
      formatValue: String,
      scheme: "dark",
    }) as { tooltip: { formatter: Formatter } };
    const html = option.tooltip.formatter([{ name: MARKUP, seriesName: MARKUP, value: 5 }]);
    expect(html).not.toContain("<img");
    expect(html.split(escapeHtml(MARKUP))).toHaveLength(3);
  });

  it("breaks a line where the device sent nothing for more than a bucket and a half", () => {
    expect(
      withGaps(
        [
          [0, 1],
          [60_000, 2],
          [120_000, 3],
          [400_000, 4],
        ],
        60_000,
      ),
    ).toEqual([
      [0, 1],
      [60_000, 2],
      [120_000, 3],
      [180_000, null],
      [400_000, 4],
    ]);
  });
});
