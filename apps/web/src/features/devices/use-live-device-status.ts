import { useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { parseApiDateTime } from "@netfleet/contracts/dates";
import { fixedRoleById } from "@netfleet/contracts/roles";
import {
  ALL_DEVICES_STATUS_CHANNEL,
  DEVICES_STATUS_EVENT,
  deviceStatusChannel,
} from "@netfleet/contracts/events";
import type { DevicesStatusUpdate } from "@netfleet/contracts/schemas/device-activity";
import type { DeviceListEnvelope, DeviceListItem } from "@netfleet/contracts/schemas/devices";
import { useChannelEvent } from "../../lib/realtime";
import { useSignedInUser } from "../../lib/viewer";
import { devicesListQueryKey } from "./api/list-devices";
import { deviceStatisticsQueryKey } from "./api/device-statistics";

/** The charts count statuses too; a busy fleet must not make them reload on every push. */
const STATISTICS_REFRESH_MS = 30_000;
/**
 * A device no page on screen holds may be new to the list (it just enrolled) or sit on
 * another page: the list reloads for such pushes, at most this often.
 */
const UNSEEN_REFRESH_MS = 10_000;

/**
 * Keeps the statuses on screen current without reloading the list: the company's device
 * channel (`private-devices.{companyId}`, the user's own company and everything below it)
 * pushes every status change, and each cached page's rows take the new status and time.
 * A user whose role sees every company lists devices outside their company's tree, so
 * listens on every company's channel instead. A push too large to list (`overflow`)
 * reloads the list instead.
 */
export function useLiveDeviceStatus() {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const statisticsAt = useRef(0);
  const unseenAt = useRef(0);
  const channel = !user
    ? null
    : fixedRoleById(user.role.id)?.globalScope
      ? ALL_DEVICES_STATUS_CHANNEL
      : deviceStatusChannel(user.company.id);

  useChannelEvent(channel, DEVICES_STATUS_EVENT, (update: DevicesStatusUpdate) => {
    if (update.overflow) {
      void queryClient.invalidateQueries({ queryKey: devicesListQueryKey });
    } else {
      const changed = new Map(update.devices.map((d) => [d.id, d]));
      const shown = new Set(
        queryClient
          .getQueriesData<DeviceListEnvelope>({ queryKey: devicesListQueryKey })
          .flatMap(([, page]) => page?.data.map((row) => row.id) ?? []),
      );
      if ([...changed.keys()].some((id) => !shown.has(id))) {
        if (Date.now() - unseenAt.current > UNSEEN_REFRESH_MS) {
          unseenAt.current = Date.now();
          void queryClient.invalidateQueries({ queryKey: devicesListQueryKey });
        }
      }
      queryClient.setQueriesData<DeviceListEnvelope>({ queryKey: devicesListQueryKey }, (old) => {
        if (!old || !old.data.some((row) => changed.has(row.id))) return old;
        return {
          ...old,
          data: old.data.map((row): DeviceListItem => {
            const change = changed.get(row.id);
            if (!change) return row;
            const { last_connection_at: _seen, ...rest } = row;
            return change.last_seen_at === null
              ? { ...rest, status: change.status }
              : {
                  ...rest,
                  status: change.status,
                  last_connection_at: parseApiDateTime(change.last_seen_at).toISOString(),
                };
          }),
        };
      });
    }
    if (Date.now() - statisticsAt.current > STATISTICS_REFRESH_MS) {
      statisticsAt.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: deviceStatisticsQueryKey });
    }
  });
}
