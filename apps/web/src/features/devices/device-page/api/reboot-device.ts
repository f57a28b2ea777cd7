import { useMutation } from "@tanstack/react-query";
import type { DeviceActionAnswer } from "@netfleet/contracts/schemas/device-activity";
import { http } from "../../../../lib/http";

/**
 * Asks the device to reboot (`POST /api/devices/actions`); answers the channel its
 * progress is pushed on.
 */
export async function rebootDevice(id: number): Promise<string> {
  const response = await http.post<DeviceActionAnswer>("/api/devices/actions", {
    action: "reboot",
    device_id: [id],
  });
  return response.data.meta.channel;
}

export function useRebootDevice() {
  return useMutation({ mutationFn: rebootDevice });
}
