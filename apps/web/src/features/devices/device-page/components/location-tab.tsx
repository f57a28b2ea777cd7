import { Suspense, useMemo } from "react";
import { lazyPart } from "../../../../lib/lazy-part";
import { Alert, Group, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconMapPinOff } from "@tabler/icons-react";
import { skipToken, useQuery } from "@tanstack/react-query";
import { useTranslation } from "../../../../lib/i18n";
import { FORMAT } from "@netfleet/contracts/constants";
import type { DeviceDetail } from "@netfleet/contracts/schemas/device-page";
import { EmptyState } from "../../../../components/ui/empty-state";
import { appConfigQuery } from "../../../../lib/app-config";
import { formatDateTime } from "../../../../lib/format";
import { toApiRequestError } from "../../../../lib/http";
import { useDeviceLocations } from "../api/get-device-locations";
import { formatAltitude } from "./device-summary";
import { RangePicker, useRangeKey } from "./range-picker";

const DeviceMap = lazyPart(() => import("./device-map").then((m) => m.DeviceMap));

/**
 * The tile server the operator configured (`map_tile_url` of the app configuration), if
 * any. Without one the map fetches nothing.
 */
function useTileUrl(): string | null {
  const config = useQuery<{ map_tile_url?: unknown }>({
    queryKey: appConfigQuery().queryKey,
    queryFn: skipToken,
  });
  const url = config.data?.map_tile_url;
  return typeof url === "string" && /^https?:\/\//.test(url) ? url : null;
}

const coordinate = (value: number) => value.toFixed(FORMAT.coordinateDecimals);

/** Where the device is and where it has been over the chosen range. */
export function LocationTab({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation("device-page");
  const [range, setRange] = useRangeKey();
  const locations = useDeviceLocations(device.id, range);
  const tileUrl = useTileUrl();
  const current = useMemo(
    () =>
      device.latitude !== null && device.longitude !== null
        ? { latitude: device.latitude, longitude: device.longitude }
        : null,
    [device.latitude, device.longitude],
  );
  const track = locations.data?.data;
  const altitude = current ? formatAltitude(device.altitude) : undefined;

  let body;
  if (locations.isError) {
    body = (
      <Alert
        color="red"
        variant="light"
        title={t("locationsFailed")}
        icon={<IconAlertCircle size={18} />}
      >
        {toApiRequestError(locations.error).message}
      </Alert>
    );
  } else if (!track) {
    body = <Skeleton height={420} aria-label={t("loading")} />;
  } else if (track.length === 0 && !current) {
    body = (
      <EmptyState title={t("locationEmptyTitle")} icon={<IconMapPinOff size={26} stroke={1.6} />}>
        {t("locationEmptyText")}
      </EmptyState>
    );
  } else {
    body = (
      <Suspense fallback={<Skeleton height={420} aria-label={t("loading")} />}>
        <DeviceMap
          track={track}
          current={current}
          tileUrl={tileUrl}
          label={t("map")}
          describePoint={(point) => formatDateTime(point.created_at)}
          describeCurrent={t("currentPosition")}
          describeCluster={(count) => t("clusterPoints", { count })}
        />
      </Suspense>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Paper withBorder px="sm" py={6}>
          <Text size="sm">
            {current
              ? t("positionNow", {
                  latitude: coordinate(current.latitude),
                  longitude: coordinate(current.longitude),
                })
              : t("positionUnknown")}
            {altitude && ` · ${altitude}`}
          </Text>
        </Paper>
        <RangePicker value={range} onChange={setRange} />
      </Group>
      {body}
      {track && track.length > 0 && (
        <Text size="xs" c="dimmed">
          {t("trackPoints", { count: track.length })}
          {tileUrl ? "" : ` ${t("noTiles")}`}
        </Text>
      )}
    </Stack>
  );
}
