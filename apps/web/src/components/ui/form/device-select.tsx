import { SourceSelect } from "./item-select";
import type { FieldProps } from "./field-props";
import type { ItemSource } from "./form-types";

/** Devices are told apart by name and serial number. */
function deviceLabel(item: Record<string, unknown>): string {
  const name = typeof item.name === "string" ? item.name : "";
  const serial =
    typeof item.serial === "string" || typeof item.serial === "number" ? item.serial : "";
  return `${name} (${String(serial)})`;
}

/** The devices source: GET /api/devices, labels "name (serial)". */
export const DEVICE_SOURCE: ItemSource = { endpoint: "/api/devices", labelKey: deviceLabel };

/** A `DeviceSelect` field: an ItemSelect over the devices; `field.source` may add params. */
export function DeviceSelect(props: FieldProps) {
  const given = props.field.source;
  const source: ItemSource = { ...DEVICE_SOURCE, params: given?.params, labels: given?.labels };
  return <SourceSelect {...props} source={source} />;
}
