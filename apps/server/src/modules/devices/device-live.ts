import { toRmsDateTime } from "@netfleet/contracts/dates";
import { hasPermission } from "@netfleet/contracts/permissions";
import { ID_MAX } from "@netfleet/contracts/schemas/common";
import {
  ALL_DEVICES_STATUS_CHANNEL,
  DEVICES_STATUS_EVENT,
  type DeviceStatusChange,
  deviceStatusChannel,
} from "@netfleet/contracts/schemas/device-activity";
import type { Realtime } from "../../plugins/realtime";
import { companiesRepo } from "../companies/companies.repo";

/** A device whose status changed, with its company's path (`1/5/12/`). */
export interface LiveChange {
  id: number;
  status: number;
  lastSeenAt: Date | null;
  companyPath: string;
}

export interface LiveOptions {
  /** Each channel is pushed at most once per this many milliseconds. */
  everyMs: number;
  /** Devices per push at most; past it the push says `overflow` instead of listing them. */
  maxDevices: number;
}

const DEFAULTS: LiveOptions = { everyMs: 500, maxDevices: 1_000 };

/**
 * Who may listen to `private-devices.{companyId}`: viewers of devices whose tree holds the
 * company; to `private-devices.all`: viewers of devices who see every company. Through a
 * personal access token only with `devices:read`.
 */
export function authorizeDeviceChannel(realtime: Realtime): void {
  realtime.authorizeChannel("private-devices", async (ctx, auth, key) => {
    if (!hasPermission(auth.permissions, "view_devices")) return false;
    if (auth.tokenScopes && !auth.tokenScopes.has("devices:read")) return false;
    if (`private-devices.${key}` === ALL_DEVICES_STATUS_CHANNEL) return auth.tenant.global;
    if (!/^[1-9][0-9]{0,9}$/.test(key) || Number(key) > ID_MAX) return false;
    return (await companiesRepo(ctx.db).findInScope(auth.tenant, Number(key))) !== undefined;
  });
}

/**
 * Live status for the console: status changes are collected per channel (the device's
 * company's, every ancestor's and every company's), and each channel is pushed the changes
 * since its last push (the latest per device) at most twice a second. Whatever the fleet
 * does, a listener gets a bounded number of messages, each of a bounded size.
 */
export function deviceLive(realtime: Realtime, options: LiveOptions = DEFAULTS) {
  const waiting = new Map<
    string,
    { devices: Map<number, DeviceStatusChange>; overflow: boolean }
  >();

  function push() {
    for (const [channel, { devices, overflow }] of waiting) {
      realtime.publish(channel, DEVICES_STATUS_EVENT, { devices: [...devices.values()], overflow });
    }
    waiting.clear();
  }

  const timer = setInterval(push, options.everyMs).unref();

  return {
    changed(changes: readonly LiveChange[]) {
      for (const change of changes) {
        const entry: DeviceStatusChange = {
          id: change.id,
          status: change.status,
          last_seen_at: change.lastSeenAt ? toRmsDateTime(change.lastSeenAt) : null,
        };
        const channels = change.companyPath
          .split("/")
          .filter(Boolean)
          .map((companyId) => deviceStatusChannel(Number(companyId)));
        for (const channel of [...channels, ALL_DEVICES_STATUS_CHANNEL]) {
          let pending = waiting.get(channel);
          if (!pending) waiting.set(channel, (pending = { devices: new Map(), overflow: false }));
          if (pending.overflow) continue;
          pending.devices.delete(change.id);
          pending.devices.set(change.id, entry);
          if (pending.devices.size > options.maxDevices) {
            pending.overflow = true;
            pending.devices.clear();
          }
        }
      }
    },

    close() {
      clearInterval(timer);
      push();
    },
  };
}

export type DeviceLive = ReturnType<typeof deviceLive>;
