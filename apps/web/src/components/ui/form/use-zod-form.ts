import {
  type GetInputPropsReturnType,
  schemaResolver,
  useForm,
  type UseFormReturnType,
} from "@mantine/form";
import type { z } from "zod";
import "./zod-messages";

type ObjectSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** A hand-built form's state: the schema's input as values, its parsed output on submit. */
export type ZodForm<S extends ObjectSchema> = UseFormReturnType<z.input<S>, z.output<S>>;

/** What `form.getInputProps(key)` gives an input, for components that draw a form's field. */
export type FormInputProps = GetInputPropsReturnType;

/**
 * The state of a form laid out by hand rather than declared by a `FormSchema`: Mantine's
 * form validated by a zod schema, usually contracts' request schema (the server validates
 * the same body with it), handing the submit its parsed output (trimmed, lower-cased
 * e-mail and so on). `useZodFormSubmit` runs its submit cycle.
 */
export function useZodForm<S extends ObjectSchema>(
  schema: S,
  initialValues: z.input<S>,
): ZodForm<S> {
  return useForm<z.input<S>, z.output<S>>({
    mode: "controlled",
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    // Only called once validation passed, so parsing cannot throw here.
    transformValues: (values) => schema.parse(values),
  });
}
