import { Alert, Anchor } from "@mantine/core";
import type { FieldProps } from "./field-props";

/** A `BaseAlert` field: an alert with the field's text and, optionally, a link. */
export function BaseAlertField({ field }: FieldProps) {
  return (
    <Alert color={field.alert?.color ?? "blue"} title={field.label} icon={field.icon}>
      {field.alert?.text}
      {field.href ? (
        <>
          {" "}
          <Anchor href={field.href} target="_blank" rel="noreferrer" inherit>
            {field.linkText ?? field.href}
          </Anchor>
        </>
      ) : null}
    </Alert>
  );
}
