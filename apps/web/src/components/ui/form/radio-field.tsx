import { Radio, Stack } from "@mantine/core";
import { wrapperProps, optionKey, type FieldProps } from "./field-props";

/**
 * A `radio` field: one choice of `options`. With `optionDescriptionBlock` each option's
 * description shows under it.
 */
export function RadioField(props: FieldProps) {
  const { field, form } = props;
  const { disabled, ...rest } = wrapperProps(props);
  const value = form.getValues()[field.key];
  return (
    <Radio.Group
      {...rest}
      value={optionKey(value)}
      onChange={(next) => form.setValue(field.key, next)}
    >
      <Stack gap="xs" mt={4}>
        {(field.options ?? []).map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            label={option.label}
            description={field.optionDescriptionBlock ? option.description : undefined}
            disabled={disabled || option.disabled}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
