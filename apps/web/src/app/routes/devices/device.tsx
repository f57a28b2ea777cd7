import type { ReactNode } from "react";
import { useTranslation } from "../../../lib/i18n";
import type { DeviceDetail } from "@netfleet/contracts/schemas/device-page";
import { ActivityTab } from "../../../features/devices/device-page/components/activity-tab";
import { DataUsageTab } from "../../../features/devices/device-page/components/data-usage-tab";
import { DevicePageFrame } from "../../../features/devices/device-page/components/device-page-frame";
import { LocationTab } from "../../../features/devices/device-page/components/location-tab";
import { MetricsTab } from "../../../features/devices/device-page/components/metrics-tab";
import { UnavailableTab } from "../../../features/devices/device-page/components/unavailable-tab";
import { useCurrentRoute } from "../../../lib/current-route";

type Tab = (device: DeviceDetail) => ReactNode;

/** The tabs this version draws; the device page's other tabs say they are not available yet. */
const TABS: Readonly<Record<string, Tab>> = {
  "device.activity": (device) => <ActivityTab device={device} />,
  "device.location": (device) => <LocationTab device={device} />,
  "device.data-usage": (device) => <DataUsageTab device={device} />,
  "device.metrics.dynamic": (device) => <MetricsTab device={device} kind="dynamic" />,
  "device.metrics.mobile-data": (device) => <MetricsTab device={device} kind="mobile-data" />,
  "device.metrics.io": (device) => <MetricsTab device={device} kind="io" />,
  "device.metrics.gps": (device) => <LocationTab device={device} />,
};

/**
 * Every tab of a device's page: one component for all of them, so that moving between tabs
 * keeps the frame (the device, its summary, the live status) in place.
 */
export function Component() {
  const { t } = useTranslation("routes");
  const { route } = useCurrentRoute();
  const tab = route ? TABS[route.name] : undefined;
  return (
    <DevicePageFrame>
      {(device) =>
        tab ? (
          tab(device)
        ) : (
          <UnavailableTab title={route ? t(route.name, { defaultValue: route.title }) : ""} />
        )
      }
    </DevicePageFrame>
  );
}
