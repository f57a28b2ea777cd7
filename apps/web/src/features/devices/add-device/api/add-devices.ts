import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { DeviceAddBody, DeviceAdded } from "@netfleet/contracts/schemas/device-add";
import { http } from "../../../../lib/http";

/** Adds devices before they connect: all of the body's rows, or none. */
export async function addDevices(body: DeviceAddBody): Promise<DeviceAdded[]> {
  const response = await http.post<DataEnvelope<DeviceAdded[]>>("/api/devices", body);
  return response.data.data;
}
