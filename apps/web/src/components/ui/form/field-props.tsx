import type { ClipboardEvent, ReactNode } from "react";
import { Group, Tooltip } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { resolveRule } from "./field-validation";
import type { FieldDefinition } from "./form-types";
import { applyMask } from "./mask";
import type { FieldForm } from "./use-field-form";

/** What every field component receives from `FormFields`. */
export interface FieldProps {
  field: FieldDefinition;
  form: FieldForm;
  /** The whole form is disabled (submitting, say); the field's own `disabled` adds to it. */
  disabled?: boolean;
}

/**
 * The label with, when the field has a `hint`, an info icon that shows it as a tooltip.
 * The icon stays out of the input's accessible name, which remains the label.
 */
export function FieldLabel({ field }: { field: FieldDefinition }) {
  if (!field.hint) return field.label ?? null;
  return (
    <Group component="span" gap={4} wrap="nowrap" style={{ display: "inline-flex" }}>
      <span>{field.label}</span>
      <Tooltip label={field.hint} multiline maw={280} withArrow>
        <IconInfoCircle
          size={14}
          aria-hidden
          data-hint={field.key}
          color="var(--mantine-color-dimmed)"
        />
      </Tooltip>
    </Group>
  );
}

/** Label, subtext, error, required mark and disabled state as Mantine's inputs take them. */
export function wrapperProps({ field, form, disabled }: FieldProps) {
  const values = form.getValues();
  const given: ReactNode = form.errors[field.key];
  // An empty error (FM-FIELD-015) still marks the input invalid, without a message.
  const error = given === "" ? true : given;
  return {
    label: field.label || field.hint ? <FieldLabel field={field} /> : undefined,
    // The subtext is dimmed text under the input, above the error.
    description: field.subtext,
    inputWrapperOrder: ["label", "input", "description", "error"] as (
      "label" | "input" | "description" | "error"
    )[],
    withAsterisk: resolveRule(field.required, values) === true,
    disabled: disabled === true || resolveRule(field.disabled, values) === true,
    error,
  };
}

/** Text-like inputs also get the placeholder, the icon and the add-on. */
export function inputProps(props: FieldProps) {
  const { field } = props;
  return {
    ...wrapperProps(props),
    placeholder: field.placeholder,
    leftSection: field.icon,
    rightSection: field.addon,
  };
}

/** The field's mask for the current values, if any. */
export function fieldMask(field: FieldDefinition, form: FieldForm): string | undefined {
  return resolveRule(field.mask, form.getValues()) || undefined;
}

/** Typed text as the field stores it: masked when the field has a mask. */
export function maskedText(field: FieldDefinition, form: FieldForm, text: string): string {
  const mask = fieldMask(field, form);
  return mask ? applyMask(text, mask) : text;
}

/**
 * Pasted text is trimmed and cut to the field's `maxlength` (forms §5, FM-FIELD-009): it
 * replaces the selection, and the result is masked like typed text.
 */
export function pasteHandler(props: FieldProps) {
  const { field, form } = props;
  return (event: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    event.preventDefault();
    const input = event.currentTarget;
    const pasted = event.clipboardData.getData("text").trim();
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? input.value.length;
    let text = input.value.slice(0, start) + pasted + input.value.slice(end);
    const maxlength = resolveRule(field.maxlength, form.getValues());
    if (maxlength !== undefined) text = text.slice(0, maxlength);
    form.setValue(field.key, maskedText(field, form, text));
  };
}

/** A stored choice as an option key: options are keyed by strings, ids may be numbers. */
export function optionKey(value: unknown): string | null {
  return typeof value === "string" || typeof value === "number" ? String(value) : null;
}
