import { ColorInput } from "@mantine/core";
import { inputProps, type FieldProps } from "./field-props";

/** A `color` field holding "#rrggbb". */
export function ColorField(props: FieldProps) {
  const { field, form } = props;
  const value = form.getValues()[field.key];
  return (
    <ColorInput
      {...inputProps(props)}
      format="hex"
      value={typeof value === "string" ? value : ""}
      onChange={(next) => form.setValue(field.key, next)}
    />
  );
}
