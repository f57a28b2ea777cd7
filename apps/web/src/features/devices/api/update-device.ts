import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { DeviceListItem, DeviceUpdateBody } from "@netfleet/contracts/schemas/devices";
import { http } from "../../../lib/http";

/** `PUT /api/devices/{id}`: name, description or tags (`tag_id` replaces them). */
export async function updateDevice(id: number, body: DeviceUpdateBody): Promise<DeviceListItem> {
  const response = await http.put<DataEnvelope<DeviceListItem>>(`/api/devices/${id}`, body);
  return response.data.data;
}
