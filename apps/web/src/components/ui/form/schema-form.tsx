import { type FormEvent, useEffect, useRef, useState } from "react";
import { Alert, Button, Group, List, Stack } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import type { DialogBodyProps } from "../dialog/dialog-types";
import { FormFields } from "./form-fields";
import type { FormSchema } from "./form-types";
import { useFieldForm } from "./use-field-form";
import { useFormSubmit, useGoBack } from "./use-form-submit";

export interface SchemaFormProps {
  schema: FormSchema;
  /** The dialog the form is the body of: Cancel and success close it. */
  dialog?: DialogBodyProps;
  /** The form is the `/forms/{name}/{id?}` page: Cancel and success go back one step. */
  onRoute?: boolean;
  /** Replaces `:id` in the schema's endpoint. */
  routeId?: string;
}

/**
 * A form drawn from its `FormSchema` (forms §3, §4): the visible fields, the errors that
 * belong to no field, Cancel and the submit button. Enter submits; a submit that fails the
 * field rules sends nothing and puts the focus on the first invalid field.
 */
export function SchemaForm({ schema, dialog, onRoute, routeId }: SchemaFormProps) {
  const { t } = useTranslation("form-errors");
  const form = useFieldForm(schema);
  const goBack = useGoBack();
  const fieldKeys = form.visibleFields.map((f) => f.key);
  const { state, submit, errors } = useFormSubmit(schema, {
    dialog,
    onRoute,
    routeId,
    fieldKeys,
    onFieldErrors: form.setServerErrors,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (state === "waiting") return;
    if (!form.validateForm()) {
      setFocusRequest((n) => n + 1);
      return;
    }
    void submit(form.payload()).then(() => setFocusRequest((n) => n + 1));
  };

  const onCancel = () => {
    if (dialog) dialog.close();
    else if (onRoute) goBack?.();
  };

  // An error about a key of the payload that no field shows (a transform's `filter`, say)
  // would go unseen under its key: it joins the general ones.
  const unplaced = Object.entries(errors?.fieldErrors ?? {})
    .filter(([key]) => !fieldKeys.includes(key))
    .map(([, message]) => message);
  const listed = [
    ...(errors?.presentation === "list" ? [...errors.general, ...errors.fileErrors] : []),
    ...unplaced,
  ];

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {listed.length > 0 && (
          <Alert color="red" role="alert" title={t("errorsTitle")}>
            {listed.length === 1 ? (
              listed[0]
            ) : (
              <List size="sm">
                {listed.map((message, index) => (
                  <List.Item key={`${String(index)}-${message}`}>{message}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        <FormFields form={form} disabled={state === "waiting"} />
        <Group justify="flex-end" gap="sm">
          {(dialog || onRoute) && (
            <Button variant="default" onClick={onCancel} disabled={state === "waiting"}>
              {t("cancel")}
            </Button>
          )}
          <Button type="submit" loading={state === "waiting"}>
            {schema.submitText ?? t("save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
