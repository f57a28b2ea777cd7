import { NumberInput } from "@mantine/core";
import { resolveRule } from "./field-validation";
import { inputProps, type FieldProps } from "./field-props";

/** A `number` field: Mantine's NumberInput with the field's min, max and step. */
export function NumberField(props: FieldProps) {
  const { field, form } = props;
  const values = form.getValues();
  const value = values[field.key];
  return (
    <NumberInput
      {...inputProps(props)}
      value={typeof value === "number" || typeof value === "string" ? value : ""}
      min={resolveRule(field.min, values)}
      max={resolveRule(field.max, values)}
      step={field.step}
      // Out-of-range values stay as typed, so the rule's message can say what is wrong.
      clampBehavior="none"
      onChange={(next) => form.setValue(field.key, next)}
    />
  );
}
