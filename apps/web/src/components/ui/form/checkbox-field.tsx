import { Checkbox } from "@mantine/core";
import { wrapperProps, type FieldProps } from "./field-props";

/**
 * A `checkbox` field: the form holds whether it is ticked; the payload carries the
 * field's `trueValue` / `falseValue` (see field-values.ts).
 */
export function CheckboxField(props: FieldProps) {
  const { field, form } = props;
  const { inputWrapperOrder: _order, withAsterisk, ...rest } = wrapperProps(props);
  return (
    <Checkbox
      {...rest}
      required={withAsterisk}
      checked={form.getValues()[field.key] === true}
      onChange={(event) => form.setValue(field.key, event.currentTarget.checked)}
    />
  );
}
