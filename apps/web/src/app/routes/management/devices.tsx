import { RoutePage } from "../../../components/layout/route-page";
import { DevicesList } from "../../../features/devices/components/devices-list";

export function Component() {
  return (
    <RoutePage>
      <DevicesList />
    </RoutePage>
  );
}
