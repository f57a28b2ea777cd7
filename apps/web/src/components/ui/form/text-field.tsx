import { TextInput } from "@mantine/core";
import { resolveRule } from "./field-validation";
import { inputProps, maskedText, pasteHandler, type FieldProps } from "./field-props";

/** `text` and `email` fields; a mask is applied on every change (FM-FIELD-010…012). */
export function TextField(props: FieldProps) {
  const { field, form } = props;
  const value = form.getValues()[field.key];
  return (
    <TextInput
      {...inputProps(props)}
      type={field.type === "email" ? "email" : "text"}
      value={typeof value === "string" || typeof value === "number" ? String(value) : ""}
      maxLength={resolveRule(field.maxlength, form.getValues())}
      onChange={(event) => form.setValue(field.key, maskedText(field, form, event.target.value))}
      onPaste={pasteHandler(props)}
    />
  );
}
