import { PageHeader } from "../../../components/layout/page-header";
import { DevicesList } from "../../../features/devices/components/devices-list";

export function Component() {
  return (
    <>
      <PageHeader title="Devices" />
      <DevicesList />
    </>
  );
}
