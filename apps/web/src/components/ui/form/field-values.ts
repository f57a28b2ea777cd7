import { DISPLAY_ONLY_KINDS, fieldKind } from "./field-kinds";
import type { FieldDefinition, FormValues } from "./form-types";

/** The value a field holds when nothing is chosen: what a hidden field is cleared to. */
export function emptyValue(field: FieldDefinition): unknown {
  switch (fieldKind(field)) {
    case "checkbox":
      return false;
    case "ListInput":
    case "TableInput":
      return [];
    case "file":
    case "ItemSelect":
    case "DeviceSelect":
      return field.multiple ? [] : null;
    case "select":
    case "radio":
      return null;
    default:
      return "";
  }
}

/** A checkbox holds a boolean in the form; its stored values are `trueValue` / `falseValue`. */
function checkboxChecked(field: FieldDefinition, value: unknown): boolean {
  if (field.trueValue !== undefined) return value === field.trueValue;
  return value === true;
}

/** The form's starting values: the schema's values for its fields, empty values elsewhere. */
export function initialFieldValues(
  fields: readonly FieldDefinition[],
  initial: FormValues = {},
): FormValues {
  const values: FormValues = { ...initial };
  for (const field of fields) {
    if (DISPLAY_ONLY_KINDS.has(fieldKind(field))) continue;
    const given = initial[field.key];
    if (fieldKind(field) === "checkbox") values[field.key] = checkboxChecked(field, given);
    else values[field.key] = given ?? emptyValue(field);
  }
  return values;
}

/** Whether a field shows: its `depends` holds and the user has its permission (FM-FIELD-005/008). */
export function isFieldVisible(
  field: FieldDefinition,
  values: FormValues,
  permissions: ReadonlySet<string>,
): boolean {
  if (field.permission && !permissions.has(field.permission)) return false;
  return field.depends ? field.depends(values) : true;
}

/**
 * Values of the fields hidden by `depends` that still hold something, set back to empty
 * (FM-FIELD-006); null when there is nothing to clear.
 */
export function clearedHiddenValues(
  fields: readonly FieldDefinition[],
  values: FormValues,
): FormValues | null {
  let changed = false;
  const next: FormValues = { ...values };
  for (const field of fields) {
    if (!field.depends || field.depends(values)) continue;
    if (DISPLAY_ONLY_KINDS.has(fieldKind(field))) continue;
    const empty = emptyValue(field);
    const current = values[field.key];
    if (current === empty || (Array.isArray(current) && current.length === 0)) continue;
    if (current === undefined && empty === null) continue;
    next[field.key] = empty;
    changed = true;
  }
  return changed ? next : null;
}

/**
 * The values of the visible fields as the API takes them: checkboxes become their
 * `trueValue` / `falseValue`, an empty number becomes null. `transform` runs after this.
 */
export function visibleValues(fields: readonly FieldDefinition[], values: FormValues): FormValues {
  const out: FormValues = {};
  for (const field of fields) {
    const kind = fieldKind(field);
    if (DISPLAY_ONLY_KINDS.has(kind)) continue;
    const value = values[field.key];
    if (kind === "checkbox") {
      out[field.key] = value ? (field.trueValue ?? true) : (field.falseValue ?? false);
    } else if (kind === "number" && value === "") {
      out[field.key] = null;
    } else {
      out[field.key] = value;
    }
  }
  return out;
}
