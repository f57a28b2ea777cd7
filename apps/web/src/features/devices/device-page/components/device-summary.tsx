import { type ReactNode, useState } from "react";
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "../../../../lib/i18n";
import { FORMAT } from "@netfleet/contracts/constants";
import type { DeviceDetail } from "@netfleet/contracts/schemas/device-page";
import { DeviceStatusBadge } from "../../../../components/ui/device-status-badge";
import { formatBytes, formatDateTime } from "../../../../lib/format";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lh={1.3}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Stack>
  );
}

/** `3 d 4 h`, `5 h 12 min`, `42 min` from seconds. */
export function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return `${minutes} min`;
}

/** `123 m` above sea level, in whole metres (a GNSS fix is no finer); undefined when unknown. */
export function formatAltitude(altitude: number | null): string | undefined {
  return altitude === null ? undefined : `${Math.round(altitude)} m`;
}

/**
 * What describes the device and what it last reported, above every tab. Everything the
 * device reported is data: it is shown as text, never as markup.
 */
export function DeviceSummary({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation("device-page");
  const narrow = useMediaQuery("(max-width: 36em)") ?? false;
  const [expanded, setExpanded] = useState<boolean | null>(null);
  const facts = device.facts;
  const coordinates =
    device.latitude !== null && device.longitude !== null
      ? [
          `${device.latitude.toFixed(FORMAT.coordinateDecimals)}, ${device.longitude.toFixed(FORMAT.coordinateDecimals)}`,
          formatAltitude(device.altitude),
        ]
          .filter(Boolean)
          .join(" · ")
      : undefined;
  const items: [string, ReactNode][] = [
    [t("status"), <DeviceStatusBadge status={device.status} />],
    [t("company"), device.company_name],
    [
      t("tags"),
      device.tags.length === 0 ? (
        "—"
      ) : (
        <Group gap={4}>
          {device.tags.map((tag) => (
            <Badge
              key={tag.id}
              size="sm"
              variant="light"
              tt="none"
              color={tag.color ?? "gray"}
              radius="sm"
            >
              {tag.name}
            </Badge>
          ))}
        </Group>
      ),
    ],
    [t("serial"), device.serial],
    [t("mac"), device.mac],
    [t("lastSeen"), formatDateTime(device.last_connection_at)],
  ];
  const reported: [string, string | undefined][] = [
    [t("connection"), [device.connection_type, device.operator].filter(Boolean).join(" · ")],
    [
      t("signal"),
      device.signal === undefined ? undefined : `${device.signal} ${FORMAT.units.signal}`,
    ],
    [
      t("temperature"),
      device.temperature === undefined
        ? undefined
        : `${device.temperature} ${FORMAT.units.temperature}`,
    ],
    [t("wanIp"), device.wan_ip],
    [
      t("uptime"),
      device.router_uptime === undefined ? undefined : formatUptime(device.router_uptime),
    ],
    [
      t("traffic"),
      device.sent === undefined && device.received === undefined
        ? undefined
        : t("trafficValue", {
            sent: formatBytes(device.sent ?? 0),
            received: formatBytes(device.received ?? 0),
          }),
    ],
    [t("coordinates"), coordinates],
    [t("hostname"), facts?.hostname],
    [t("kernel"), facts?.kernel],
    [
      t("cpu"),
      facts?.cpu === undefined
        ? undefined
        : facts.cpu_count === undefined
          ? facts.cpu
          : t("cpuValue", { cpu: facts.cpu, count: facts.cpu_count }),
    ],
    [t("memory"), facts?.memory_total === undefined ? undefined : formatBytes(facts.memory_total)],
    [t("interfaces"), facts?.interfaces?.map((i) => i.name).join(", ") || undefined],
  ];
  const known = reported.filter((entry): entry is [string, string] => Boolean(entry[1]));
  // A phone shows what identifies the device; what it reported opens on request.
  const shown = expanded ?? !narrow;
  return (
    <Paper withBorder p="md" mb="lg" aria-label={t("summary")} component="section">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md" verticalSpacing="sm">
        {[...items, ...(shown ? known : [])].map(([label, value]) => (
          <Fact key={label} label={label}>
            {value}
          </Fact>
        ))}
      </SimpleGrid>
      {narrow && known.length > 0 && (
        <Button
          variant="subtle"
          size="compact-sm"
          mt="sm"
          aria-expanded={shown}
          onClick={() => setExpanded(!shown)}
        >
          {shown ? t("fewerDetails") : t("moreDetails")}
        </Button>
      )}
    </Paper>
  );
}
