import { optionKey, type FieldProps } from "./field-props";

/** A `hidden` field: carries its value into the payload, draws a hidden input. */
export function HiddenField({ field, form }: FieldProps) {
  return (
    <input type="hidden" name={field.key} value={optionKey(form.getValues()[field.key]) ?? ""} />
  );
}
