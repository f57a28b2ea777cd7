import { Textarea } from "@mantine/core";
import { resolveRule } from "./field-validation";
import { inputProps, pasteHandler, type FieldProps } from "./field-props";

/** A `textarea` field, resizable by the user. */
export function TextareaField(props: FieldProps) {
  const { field, form } = props;
  const value = form.getValues()[field.key];
  return (
    <Textarea
      {...inputProps(props)}
      rows={4}
      resize="vertical"
      value={typeof value === "string" ? value : ""}
      maxLength={resolveRule(field.maxlength, form.getValues())}
      onChange={(event) => form.setValue(field.key, event.target.value)}
      onPaste={pasteHandler(props)}
    />
  );
}
