import { Button } from "@mantine/core";
import { screen } from "@testing-library/react";
import { renderPage } from "../../../test/render";
import { FormFields } from "./form-fields";
import type { FormSchema, FormValues } from "./form-types";
import { useFieldForm, type FieldForm, type FieldFormOptions } from "./use-field-form";

/** What the harness saw: the latest form state and the last submit's outcome. */
interface HarnessState {
  form: FieldForm | null;
  valid: boolean | null;
  payload: FormValues | null;
}

/**
 * Renders a declarative form with a Save button that validates and takes the payload,
 * for component tests of the fields.
 */
export function renderFieldForm(schema: FormSchema, options?: FieldFormOptions) {
  const state: HarnessState = { form: null, valid: null, payload: null };
  function Harness() {
    const form = useFieldForm(schema, options);
    state.form = form;
    return (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          state.valid = form.validateForm();
          state.payload = state.valid ? form.payload() : null;
        }}
      >
        <FormFields form={form} />
        <Button type="submit">Save</Button>
      </form>
    );
  }
  const rendered = renderPage(<Harness />);
  return {
    ...rendered,
    state,
    /** The form as of the last render. */
    form: (): FieldForm => {
      if (!state.form) throw new Error("The form has not rendered");
      return state.form;
    },
    values: (): FormValues => state.form?.getValues() ?? {},
    save: () => rendered.user.click(screen.getByRole("button", { name: "Save" })),
  };
}
