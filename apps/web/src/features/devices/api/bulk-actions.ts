import type { DeviceActionAnswer } from "@netfleet/contracts/schemas/device-activity";
import type { DeviceSelection } from "@netfleet/contracts/schemas/devices";
import { http } from "../../../lib/http";

/** What the bulk bar acts on: ticked rows, or every device the list's filters match. */
export type BulkSelection =
  Required<Pick<DeviceSelection, "device_id">> | Required<Pick<DeviceSelection, "filter">>;

export type BulkAction =
  | { kind: "tags"; tagIds: number[] }
  | { kind: "move"; companyId: number }
  | { kind: "reboot" }
  | { kind: "delete" };

/**
 * Runs a bulk action on the server's action engine; answers the channel its progress is
 * pushed on, for the Action status dialog.
 */
export async function runBulkAction(action: BulkAction, selection: BulkSelection): Promise<string> {
  const answer = await (() => {
    switch (action.kind) {
      case "tags":
        return http.put<DeviceActionAnswer>(
          "/api/devices/tags/assign",
          "filter" in selection
            ? { filter: selection.filter, tag_id: action.tagIds }
            : { data: selection.device_id.map((id) => ({ device_id: id, tag_id: action.tagIds })) },
        );
      case "move":
        return http.post<DeviceActionAnswer>("/api/devices/move/", {
          ...selection,
          company_id: action.companyId,
        });
      case "reboot":
        return http.post<DeviceActionAnswer>("/api/devices/actions", {
          action: "reboot",
          ...selection,
        });
      case "delete":
        return http.delete<DeviceActionAnswer>("/api/devices", { data: selection });
    }
  })();
  return answer.data.meta.channel;
}
