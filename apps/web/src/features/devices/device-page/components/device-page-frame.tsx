import type { ReactNode } from "react";
import { Paper, Skeleton } from "@mantine/core";
import { IconRouterOff } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "../../../../lib/i18n";
import { useParams } from "../../../../lib/router";
import { DEVICES_STATUS_EVENT, deviceStatusChannel } from "@netfleet/contracts/events";
import type { DeviceDetail } from "@netfleet/contracts/schemas/device-page";
import { useBreadcrumbLabel } from "../../../../components/layout/breadcrumb-labels";
import { RoutePage } from "../../../../components/layout/route-page";
import { EmptyState } from "../../../../components/ui/empty-state";
import { toApiRequestError } from "../../../../lib/http";
import { useChannelEvent } from "../../../../lib/realtime";
import { deviceQueryKey, useDevice } from "../api/get-device";
import { deviceLogsQueryKey } from "../api/list-device-logs";
import { statusChangeFor } from "../device-live";
import { DeviceSummary } from "./device-summary";
import { RebootButton } from "./reboot-button";
import { LoadFailed } from "../../../../components/ui/load-failed";

/** The device id of the URL; NaN when it is not one. */
export function useDeviceId(): number {
  const { id } = useParams();
  return /^[1-9]\d{0,9}$/.test(id ?? "") ? Number(id) : Number.NaN;
}

/** Keeps the page's status current from the company's live device channel. */
function useLiveStatus(device: DeviceDetail | undefined) {
  const queryClient = useQueryClient();
  useChannelEvent(
    device ? deviceStatusChannel(device.company_id) : null,
    DEVICES_STATUS_EVENT,
    (update) => {
      if (!device) return;
      const next = statusChangeFor(device, update);
      if (next === null) return;
      if (next === "reload")
        void queryClient.invalidateQueries({ queryKey: deviceQueryKey(device.id) });
      else queryClient.setQueryData(deviceQueryKey(device.id), next);
      // Connections and disconnections land in the activity with the status.
      void queryClient.invalidateQueries({ queryKey: deviceLogsQueryKey(device.id) });
    },
  );
}

/**
 * The frame of every tab of a device's page: the device's name as the title and in the
 * breadcrumbs, its status, what describes it, the Reboot button, then the tab's content.
 */
export function DevicePageFrame({ children }: { children: (device: DeviceDetail) => ReactNode }) {
  const { t } = useTranslation("device-page");
  const id = useDeviceId();
  const query = useDevice(Number.isNaN(id) ? 0 : id);
  const device = Number.isNaN(id) ? undefined : query.data;
  useBreadcrumbLabel("device.info", device?.name);
  useLiveStatus(device);

  if (Number.isNaN(id) || (query.isError && toApiRequestError(query.error).status === 404)) {
    return (
      <RoutePage>
        <EmptyState title={t("notFoundTitle")} icon={<IconRouterOff size={26} stroke={1.6} />}>
          {t("notFoundText")}
        </EmptyState>
      </RoutePage>
    );
  }
  if (query.isError) {
    return (
      <RoutePage>
        <LoadFailed title={t("loadFailed")} error={query.error} onRetry={() => query.refetch()} />
      </RoutePage>
    );
  }
  if (!device) {
    return (
      <RoutePage>
        <Paper withBorder p="md" role="status" aria-label={t("loading")}>
          <Skeleton height={14} width="40%" mb="sm" />
          <Skeleton height={14} width="70%" mb="sm" />
          <Skeleton height={14} width="55%" />
        </Paper>
      </RoutePage>
    );
  }
  return (
    <RoutePage
      actions={<RebootButton device={device} />}
      description={[device.model, device.firmware].filter(Boolean).join(" · ")}
    >
      <DeviceSummary device={device} />
      {children(device)}
    </RoutePage>
  );
}
