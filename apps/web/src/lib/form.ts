import { schemaResolver, useForm, type UseFormReturnType } from "@mantine/form";
import { z } from "zod";
import { toApiRequestError } from "./http";

// Contracts word the messages people meet most; these cover the generic rules they leave
// to zod's defaults ("Too small: expected number to be >=1").
z.config({
  customError: (issue) => {
    if (issue.code === "too_small" && issue.origin === "number") {
      return `Must be at least ${String(issue.minimum)}`;
    }
    if (issue.code === "too_big" && issue.origin === "number") {
      return `Must be at most ${String(issue.maximum)}`;
    }
    if (issue.code === "invalid_type" && issue.expected === "int") return "Enter a whole number";
    if (issue.code === "invalid_type" && issue.expected === "number") return "Enter a number";
    return undefined;
  },
});

type ObjectSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

export type SchemaForm<S extends ObjectSchema> = UseFormReturnType<z.input<S>, z.output<S>>;

/**
 * The console's one way to build a form: Mantine's `useForm`, validated by a zod schema
 * from contracts (the server validates the same request with it), handing the submit
 * handler the schema's parsed output (trimmed, lower-cased e-mail and so on).
 */
export function useSchemaForm<S extends ObjectSchema>(
  schema: S,
  initialValues: z.input<S>,
): SchemaForm<S> {
  return useForm<z.input<S>, z.output<S>>({
    mode: "controlled",
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    // Only called once validation passed, so parsing cannot throw here.
    transformValues: (values) => schema.parse(values),
  });
}

/**
 * Puts a failed submit's field errors (`source`) under the form's fields and returns the
 * message for the form-level alert, or null when every error found its field.
 */
export function applyServerErrors<S extends ObjectSchema>(
  form: SchemaForm<S>,
  error: unknown,
): string | null {
  const failure = toApiRequestError(error);
  const fields = Object.keys(form.getValues());
  const unplaced: string[] = [];
  for (const e of failure.errors) {
    if (e.source && fields.includes(e.source)) form.setFieldError(e.source, e.message);
    else unplaced.push(e.message);
  }
  if (failure.errors.length === 0) return failure.message;
  return unplaced[0] ?? null;
}
