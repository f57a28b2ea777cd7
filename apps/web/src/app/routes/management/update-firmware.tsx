import { DeviceUpdatePage } from "../../../features/device-updates/components/device-update-page";

export function Component() {
  return <DeviceUpdatePage action="firmware_upload" />;
}
