/**
 * Device list definitions: which columns and charts a device list shows. The web list
 * renders from this data and the server answers it, so the default one is defined here
 * once (FM-ENTITY-006…011). Names are snake_case like the rest of the device answers.
 */

/** Columns a device list can show. */
export type DeviceListFieldKey =
  "name" | "model" | "company_name" | "tags" | "serial" | "mac" | "created_at";

/**
 * How a cell is drawn: plain text, tag chips, or a UTC `Y-m-d H:i:s` shown in the user's
 * time zone.
 */
export type DeviceListFieldKind = "text" | "tags" | "datetime-local";

export interface DeviceListField {
  readonly key: DeviceListFieldKey;
  readonly label: string;
  /** Whether the cell can be edited in place. */
  readonly editable: boolean;
  readonly kind: DeviceListFieldKind;
}

export type DeviceListChartKey = "status" | "model" | "firmware";

export interface DeviceListChart {
  readonly key: DeviceListChartKey;
  readonly title: string;
  /** Shown until the user hides it. */
  readonly default_on: boolean;
  /** Whether the list may show the chart at all; `default_on` is whether it starts shown. */
  readonly whitelisted: boolean;
}

export interface DeviceListDefinition {
  readonly id: string;
  readonly name: string;
  /** The definition a user gets before choosing one. */
  readonly default: boolean;
  readonly fields: readonly DeviceListField[];
  readonly charts: readonly DeviceListChart[];
}

/** The definition every user starts with (FM-ENTITY-006…011). */
export const DEFAULT_DEVICE_LIST_DEFINITION: DeviceListDefinition = {
  id: "default",
  name: "Default",
  default: true,
  fields: [
    { key: "name", label: "Name", editable: true, kind: "text" },
    { key: "model", label: "Model", editable: false, kind: "text" },
    { key: "company_name", label: "Company name", editable: false, kind: "text" },
    { key: "tags", label: "Tags", editable: true, kind: "tags" },
    { key: "serial", label: "Serial", editable: false, kind: "text" },
    { key: "mac", label: "MAC", editable: false, kind: "text" },
    { key: "created_at", label: "Created at", editable: false, kind: "datetime-local" },
  ],
  charts: [
    { key: "status", title: "Device status", default_on: true, whitelisted: true },
    { key: "model", title: "Device model", default_on: true, whitelisted: true },
    { key: "firmware", title: "Device firmware", default_on: true, whitelisted: true },
  ],
};
