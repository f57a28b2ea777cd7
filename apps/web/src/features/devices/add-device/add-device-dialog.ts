import { openDialog } from "../../../components/ui/dialog/dialog-store";
import { i18n } from "../../../lib/i18n";

/** The ways of adding devices, as the dialog's modes. */
export const ADD_DEVICE_MODES = ["one", "list", "file", "agent"] as const;
export type AddDeviceMode = (typeof ADD_DEVICE_MODES)[number];

/** What the Add device dialog's body is given. */
export interface AddDeviceDialogProps {
  mode?: AddDeviceMode;
}

/**
 * Opens the Add device dialog (the registered `device-add-form`) in a mode; success
 * closes it and reloads the device lists.
 */
export function openAddDeviceDialog(mode: AddDeviceMode = "one") {
  openDialog<AddDeviceDialogProps>({
    id: "device-add-form",
    title: i18n.t("add-device:title"),
    component: "device-add-form",
    props: { mode },
    helpLinkKey: mode === "file" ? "device-add-from-file" : "add-device",
    size: "lg",
    fullScreenControl: true,
  });
}
