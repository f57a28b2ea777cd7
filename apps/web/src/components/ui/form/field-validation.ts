import type { ReactNode } from "react";
import type { z } from "zod";
import { DISPLAY_ONLY_KINDS, fieldKind } from "./field-kinds";
import type { FieldDefinition, FormValues, Rule } from "./form-types";

/** Field errors by field key; an empty string marks a field invalid without a message. */
export type FieldErrors = Record<string, ReactNode>;

/** The rule messages, already translated (locales/forms.ts). */
export interface RuleMessages {
  required: () => string;
  min: (min: number) => string;
  max: (max: number) => string;
  minLength: (count: number) => string;
  maxLength: (count: number) => string;
  pattern: () => string;
}

/** A rule's value for the current values: rules may be functions of the form (FM-FIELD-004). */
export function resolveRule<T>(rule: Rule<T> | undefined, values: FormValues): T | undefined {
  if (typeof rule === "function") return (rule as (values: FormValues) => T)(values);
  return rule;
}

/** Empty as far as `required` goes: nothing, blank text, an empty list, an unticked box. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** HTML `pattern` semantics: the whole value must match. */
export function matchesPattern(value: string, pattern: string | RegExp): boolean {
  if (pattern instanceof RegExp) return pattern.test(value);
  return new RegExp(`^(?:${pattern})$`, "u").test(value);
}

/** The first failing built-in rule or `validate` of one field, or null. */
export function fieldError(
  field: FieldDefinition,
  values: FormValues,
  messages: RuleMessages,
): string | null {
  const value = values[field.key];
  if (isEmptyValue(value)) {
    return resolveRule(field.required, values) ? messages.required() : null;
  }
  if (typeof value === "number" || field.type === "number") {
    const number = typeof value === "number" ? value : Number(value);
    const min = resolveRule(field.min, values);
    const max = resolveRule(field.max, values);
    if (min !== undefined && number < min) return messages.min(min);
    if (max !== undefined && number > max) return messages.max(max);
  }
  if (typeof value === "string") {
    const minlength = resolveRule(field.minlength, values);
    const maxlength = resolveRule(field.maxlength, values);
    const pattern = resolveRule(field.pattern, values);
    if (minlength !== undefined && value.length < minlength) return messages.minLength(minlength);
    if (maxlength !== undefined && value.length > maxlength) return messages.maxLength(maxlength);
    if (pattern !== undefined && !matchesPattern(value, pattern)) return messages.pattern();
  }
  if (field.columns && Array.isArray(value) && hasInvalidCell(field, value)) {
    return messages.pattern();
  }
  return field.validate?.(value, values) ?? null;
}

/** A table input's rows break a column's pattern or maximum length somewhere. */
function hasInvalidCell(field: FieldDefinition, rows: readonly unknown[]): boolean {
  return rows.some((row) =>
    (field.columns ?? []).some((column) => {
      const cell = (row as Record<string, unknown>)[column.key];
      if (typeof cell !== "string" || cell === "") return false;
      if (column.maxlength !== undefined && cell.length > column.maxlength) return true;
      return column.pattern !== undefined && !matchesPattern(cell, column.pattern);
    }),
  );
}

/**
 * Errors of a zod schema (the server's request schema) placed under the fields they name;
 * an issue without a path lands on the first field, so it is never lost.
 */
export function zodFieldErrors(
  schema: z.ZodType,
  values: FormValues,
  keys: readonly string[],
): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const first = issue.path[0];
    const key = typeof first === "string" && keys.includes(first) ? first : keys[0];
    if (key !== undefined && errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}

/**
 * A wrong password makes its confirmation suspect too: when `password` has an error and
 * the form has `password_confirmation`, the confirmation gets an empty error, which the
 * field shows as invalid without a message (forms §5, FM-FIELD-015). The server-error
 * mapping calls this as well.
 */
export function markPasswordConfirmation<E extends Record<string, ReactNode>>(
  errors: E,
  fieldKeys: readonly string[] = ["password_confirmation"],
): E {
  const password = errors.password;
  if (password === undefined || password === null || password === false) return errors;
  if (!fieldKeys.includes("password_confirmation")) return errors;
  if (errors.password_confirmation) return errors;
  return { ...errors, password_confirmation: "" };
}

/** The client-side errors of the given (visible) fields, the password rule not yet applied. */
export function validateFields(
  fields: readonly FieldDefinition[],
  values: FormValues,
  messages: RuleMessages,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    if (DISPLAY_ONLY_KINDS.has(fieldKind(field))) continue;
    const error = fieldError(field, values, messages);
    if (error !== null) errors[field.key] = error;
  }
  return errors;
}
