import { type FormEvent, useState } from "react";
import type { UseFormReturnType } from "@mantine/form";
import { mapFormErrors } from "./form-errors";
import { type SubmitState, useSubmitCycle } from "./use-submit-cycle";

export interface ZodFormSubmitOptions<Output, Result> {
  /** The request, given the schema's parsed output. */
  send: (values: Output) => Promise<Result>;
  onSuccess?: (result: Result, values: Output) => void;
  /** Runs after the errors were shown, for what a form reads from a refusal besides them. */
  onFailure?: (error: unknown) => void;
}

export interface ZodFormSubmit {
  state: SubmitState;
  waiting: boolean;
  /** The `<form>`'s `onSubmit`: the schema's rules, then the submit cycle. */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** The first message of the last failure that names no field of the form, else null. */
  alert: string | null;
  /** Shows a failure as a failed submit does, for a form's other requests. */
  showErrors: (error: unknown) => void;
  clearAlert: () => void;
}

/**
 * The submit cycle (`useSubmitCycle`) of a form built with `useZodForm`. Nothing is sent
 * unless the schema's rules pass; a failure goes through the error catalogue
 * (`mapFormErrors`): errors whose `source` is one of the form's values go under that
 * field, the first of the others becomes `alert`, which the form shows above its fields.
 */
export function useZodFormSubmit<Values extends Record<string, unknown>, Output, Result>(
  form: UseFormReturnType<Values, Output>,
  { send, onSuccess, onFailure }: ZodFormSubmitOptions<Output, Result>,
): ZodFormSubmit {
  const [alert, setAlert] = useState<string | null>(null);

  const showErrors = (error: unknown) => {
    const mapped = mapFormErrors(error, { fields: Object.keys(form.getValues()) });
    for (const [key, message] of Object.entries(mapped.fieldErrors)) {
      form.setFieldError(key, message);
    }
    setAlert([...mapped.general, ...mapped.fileErrors][0] ?? null);
  };

  const cycle = useSubmitCycle<Output, Result>({
    send: (values) => {
      setAlert(null);
      return send(values);
    },
    onSuccess,
    onFailure: (error) => {
      showErrors(error);
      onFailure?.(error);
    },
  });

  return {
    state: cycle.state,
    waiting: cycle.waiting,
    onSubmit: form.onSubmit((values) => void cycle.submit(values)),
    alert,
    showErrors,
    clearAlert: () => setAlert(null),
  };
}
