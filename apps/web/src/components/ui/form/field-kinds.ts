import type { FieldComponent, FieldDefinition, FieldType, ListInputOptions } from "./form-types";

/** Every `type` a field may declare (forms §3; FM-FIELD-003 names the non-text ones). */
export const FIELD_TYPES = [
  "text",
  "email",
  "number",
  "password",
  "file",
  "textarea",
  "color",
  "checkbox",
  "radio",
  "select",
  "hidden",
] as const satisfies readonly FieldType[];

/** Every `component` a field may declare (forms §3, FM-FIELD-002). */
export const FIELD_COMPONENTS = [
  "ItemSelect",
  "DeviceSelect",
  "BaseAlert",
  "ListInput",
  "TableInput",
] as const satisfies readonly FieldComponent[];

/** The properties of a field definition the specification lists (forms §3, FM-FIELD-001). */
export const FIELD_DEFINITION_KEYS = [
  "key",
  "label",
  "type",
  "required",
  "options",
  "component",
  "depends",
  "permission",
  "min",
  "max",
  "minlength",
  "maxlength",
  "pattern",
  "mask",
  "placeholder",
  "subtext",
  "hint",
  "addon",
  "generate",
  "accept",
  "step",
  "trueValue",
  "falseValue",
  "disabled",
  "onChange",
  "multiple",
  "href",
  "linkText",
  "icon",
  "optionDescriptionBlock",
] as const satisfies readonly (keyof FieldDefinition)[];

/** The list input's options (forms §3, FM-FIELD-016). */
export const LIST_INPUT_OPTION_KEYS = [
  "addKeys",
  "maxItems",
  "uniqueItems",
  "noDupes",
  "type",
  "pattern",
  "min",
  "max",
  "minItemLength",
  "maxItemLength",
  "showCsvUpload",
] as const satisfies readonly (keyof ListInputOptions)[];

/** How a field is drawn: its component, else its type, else a link, else a text input. */
export type FieldKind = FieldType | FieldComponent | "link";

export function fieldKind(field: FieldDefinition): FieldKind {
  if (field.component) return field.component;
  if (field.type) return field.type;
  if (field.href) return "link";
  return "text";
}

/** Kinds that only show something and carry no value into the payload. */
export const DISPLAY_ONLY_KINDS: ReadonlySet<FieldKind> = new Set(["BaseAlert", "link"]);
