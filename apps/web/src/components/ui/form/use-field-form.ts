import { useEffect, useMemo } from "react";
import { useForm, type UseFormReturnType } from "@mantine/form";
import { useTranslation } from "../../../lib/i18n";
import { useSignedInUser } from "../../../lib/viewer";
import { DISPLAY_ONLY_KINDS, fieldKind } from "./field-kinds";
import {
  markPasswordConfirmation,
  validateFields,
  zodFieldErrors,
  type FieldErrors,
  type RuleMessages,
} from "./field-validation";
import {
  clearedHiddenValues,
  initialFieldValues,
  isFieldVisible,
  visibleValues,
} from "./field-values";
import type { FieldDefinition, FormSchema, FormValues } from "./form-types";
import "./zod-messages";

export interface FieldFormOptions {
  /** The permissions fields are checked against; default the signed-in user's. */
  permissions?: ReadonlySet<string>;
}

/** A declarative form's state: Mantine's form plus what the field definitions add. */
export interface FieldForm extends UseFormReturnType<FormValues> {
  schema: FormSchema;
  /** The fields to draw, in order: `depends` holds and the user has the `permission`. */
  visibleFields: readonly FieldDefinition[];
  /** Runs every rule of the visible fields and shows the errors; true when all pass. */
  validateForm: () => boolean;
  /** What to send: visible fields only, checkbox values mapped, then `schema.transform`. */
  payload: () => FormValues;
  /** Shows errors from the server under their fields (`password_confirmation` rule applied). */
  setServerErrors: (errors: FieldErrors) => void;
  /** Changes a field as the user does: the field's `onChange` may return new values. */
  setValue: (key: string, value: unknown) => void;
}

/**
 * The state of a form declared by a `FormSchema` (forms §3, §4 "Other states"): values
 * start from the schema's, fields hidden by `depends` are cleared (FM-FIELD-006), a field's
 * error goes away when its value changes (FM-FIELD-007, Mantine's clearInputErrorOnChange).
 */
export function useFieldForm(schema: FormSchema, options: FieldFormOptions = {}): FieldForm {
  const { t } = useTranslation("forms");
  const user = useSignedInUser();
  const permissions = useMemo(
    () => options.permissions ?? new Set<string>(user?.permissions ?? []),
    [options.permissions, user],
  );
  const form = useForm<FormValues>({
    mode: "controlled",
    initialValues: initialFieldValues(schema.fields, schema.initialValues),
    clearInputErrorOnChange: true,
  });
  const values = form.getValues();
  const visibleFields = schema.fields.filter((f) => isFieldVisible(f, values, permissions));

  const cleared = clearedHiddenValues(schema.fields, values);
  useEffect(() => {
    if (cleared) form.setValues(cleared);
    // `cleared` is recomputed every render; it is non-null only until the values settle.
  });

  const messages: RuleMessages = {
    required: () => t("required"),
    min: (min) => t("min", { min }),
    max: (max) => t("max", { max }),
    minLength: (count) => t("minLength", { count }),
    maxLength: (count) => t("maxLength", { count }),
    pattern: () => t("pattern"),
  };
  const valueKeys = valueKeysOf(visibleFields);

  return {
    ...form,
    schema,
    visibleFields,
    validateForm: () => {
      const current = form.getValues();
      const shown = schema.fields.filter((f) => isFieldVisible(f, current, permissions));
      const errors = validateFields(shown, current, messages);
      if (schema.validation) {
        // The server's request schema sees what would be sent; a field's own message wins.
        const sent = visibleValues(shown, current);
        const zodErrors = zodFieldErrors(schema.validation, sent, valueKeysOf(shown));
        for (const [key, error] of Object.entries(zodErrors)) {
          errors[key] ??= error;
        }
      }
      const marked = markPasswordConfirmation(errors, valueKeysOf(shown));
      form.setErrors(marked);
      return Object.keys(marked).length === 0;
    },
    payload: () => {
      const current = form.getValues();
      const shown = schema.fields.filter((f) => isFieldVisible(f, current, permissions));
      const out = visibleValues(shown, current);
      // `transform` reshapes the object (renames, drops helpers); it stays an object.
      return schema.transform ? (schema.transform(out) as FormValues) : out;
    },
    setServerErrors: (errors) => form.setErrors(markPasswordConfirmation(errors, valueKeys)),
    setValue: (key, value) => {
      const field = schema.fields.find((f) => f.key === key);
      const next = { ...form.getValues(), [key]: value };
      const replaced = field?.onChange?.(value, next);
      if (replaced) {
        form.setValues(replaced);
        form.clearFieldError(key);
      } else {
        form.setFieldValue(key, value);
      }
    },
  };
}

/** Keys of the fields that hold a value (alerts and links do not). */
function valueKeysOf(fields: readonly FieldDefinition[]): string[] {
  return fields.filter((f) => !DISPLAY_ONLY_KINDS.has(fieldKind(f))).map((f) => f.key);
}

/** Re-exported for the server-error mapping, which applies the same rule. */
export { markPasswordConfirmation };
