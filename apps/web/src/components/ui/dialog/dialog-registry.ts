import { type ComponentType, lazy, type LazyExoticComponent } from "react";
import type { DialogBodyProps } from "./dialog-types";
import type { DialogName } from "./dialog-names";

export { DIALOG_NAMES, isDialogName, type DialogName } from "./dialog-names";

/** A named dialog body: it receives the definition's `props` and the `DialogBodyProps`. */
type AnyBody = ComponentType<DialogBodyProps & Record<string, unknown>>;

/** Loads a body on first use, so that the console does not ship every dialog up front. */
export type DialogLoader<P extends object = object> = () => Promise<
  ComponentType<P & DialogBodyProps>
>;

const loaders = new Map<DialogName, () => Promise<AnyBody>>();
const components = new Map<DialogName, LazyExoticComponent<AnyBody>>();

/** Gives the named dialog its body; a name without one shows "not available". */
export function registerDialog<P extends object>(name: DialogName, loader: DialogLoader<P>): void {
  // Each body declares its own props; the definition that opens it supplies them.
  loaders.set(name, loader as unknown as () => Promise<AnyBody>);
  components.delete(name);
}

/** The body of a named dialog, or undefined when this installation has none. */
export function dialogComponent(name: DialogName): AnyBody | undefined {
  const loader = loaders.get(name);
  if (!loader) return undefined;
  let component = components.get(name);
  if (!component) {
    component = lazy(() => loader().then((body) => ({ default: body })));
    components.set(name, component);
  }
  return component;
}

registerDialog("apply-config-prompt", () =>
  import("./prompt-bodies").then((m) => m.ApplyConfigPrompt),
);
registerDialog("monitoring-templates-remove-prompt", () =>
  import("./prompt-bodies").then((m) => m.MonitoringTemplatesRemovePrompt),
);
registerDialog("action-status", () =>
  import("./action-status-body").then((m) => m.ActionStatusBody),
);
registerDialog("error", () => import("./error-dialog").then((m) => m.ErrorDialogBody));
registerDialog("device-add-form", () =>
  import("../../../features/devices/add-device/add-device-body").then((m) => m.AddDeviceDialogBody),
);
registerDialog("device-add-from-file", () =>
  import("../../../features/devices/add-device/add-device-body").then(
    (m) => m.AddDeviceFromFileBody,
  ),
);
registerDialog("device-add-list", () =>
  import("../../../features/devices/add-device/add-device-body").then((m) => m.AddDeviceListBody),
);
registerDialog("user-info", () =>
  import("../../../features/users/components/user-dialog").then((m) => m.UserDialogBody),
);
registerDialog("role-permissions-table", () =>
  import("../../../features/roles/components/role-dialog").then((m) => m.RoleDialogBody),
);
registerDialog("invite-user", () =>
  import("../../../features/invitations/components/invitation-actions").then(
    (m) => m.InviteUserBody,
  ),
);
