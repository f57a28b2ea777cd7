import type { ComponentType } from "react";
import { Stack } from "@mantine/core";
import { BaseAlertField } from "./base-alert";
import { CheckboxField } from "./checkbox-field";
import { ColorField } from "./color-field";
import { DeviceSelect } from "./device-select";
import { fieldKind, type FieldKind } from "./field-kinds";
import type { FieldProps } from "./field-props";
import { FileField } from "./file-field";
import { HiddenField } from "./hidden-field";
import { ItemSelect } from "./item-select";
import { LinkField } from "./link-field";
import { ListInput } from "./list-input";
import { NumberField } from "./number-field";
import { PasswordField } from "./password-field";
import { RadioField } from "./radio-field";
import { SelectField } from "./select-field";
import { TableInput } from "./table-input";
import { TextField } from "./text-field";
import { TextareaField } from "./textarea-field";
import type { FieldForm } from "./use-field-form";

/** The component that draws each kind of field. */
const KIND_COMPONENTS: Record<FieldKind, ComponentType<FieldProps>> = {
  text: TextField,
  email: TextField,
  number: NumberField,
  password: PasswordField,
  file: FileField,
  textarea: TextareaField,
  color: ColorField,
  checkbox: CheckboxField,
  radio: RadioField,
  select: SelectField,
  hidden: HiddenField,
  BaseAlert: BaseAlertField,
  link: LinkField,
  TableInput,
  ListInput,
  ItemSelect,
  DeviceSelect,
};

export interface FormFieldsProps {
  form: FieldForm;
  /** Disables every field, while the form is being sent for instance. */
  disabled?: boolean;
}

/** Draws a declarative form's visible fields in their order (forms §3). */
export function FormFields({ form, disabled }: FormFieldsProps) {
  return (
    <Stack gap="md">
      {form.visibleFields.map((field) => {
        const Component = KIND_COMPONENTS[fieldKind(field)];
        return <Component key={field.key} field={field} form={form} disabled={disabled} />;
      })}
    </Stack>
  );
}
