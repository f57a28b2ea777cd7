import { Select } from "@mantine/core";
import { inputProps, optionKey, type FieldProps } from "./field-props";

/** A `select` field over the field's fixed `options`. */
export function SelectField(props: FieldProps) {
  const { field, form } = props;
  const value = form.getValues()[field.key];
  return (
    <Select
      {...inputProps(props)}
      data={(field.options ?? []).map((o) => ({
        value: o.value,
        label: o.label,
        disabled: o.disabled,
      }))}
      value={optionKey(value)}
      onChange={(next) => form.setValue(field.key, next)}
      allowDeselect={false}
    />
  );
}
