import { Suspense } from "react";
import { lazyPart } from "../../../../lib/lazy-part";
import { Paper, Skeleton, Text, Title } from "@mantine/core";
import type { EChartsCoreOption } from "echarts/core";
import { useTranslation } from "../../../../lib/i18n";

const EChart = lazyPart(() => import("./echart").then((m) => m.EChart));

/** A titled chart, or what to say when the range holds nothing to draw. */
export function ChartCard({
  title,
  option,
  empty,
}: {
  title: string;
  option: EChartsCoreOption;
  empty: boolean;
}) {
  const { t } = useTranslation("device-page");
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} fz="sm" fw={600} mb="xs">
        {title}
      </Title>
      {empty ? (
        <Text size="sm" c="dimmed" py="xl" ta="center">
          {t("chartEmpty")}
        </Text>
      ) : (
        <Suspense fallback={<Skeleton height={260} aria-label={t("loading")} />}>
          <EChart option={option} label={title} />
        </Suspense>
      )}
    </Paper>
  );
}
