import { Anchor, Text } from "@mantine/core";
import type { FieldProps } from "./field-props";

/** A link field (`href` without a type): the link with its `linkText`, the subtext under it. */
export function LinkField({ field }: FieldProps) {
  return (
    <div>
      <Anchor href={field.href} target="_blank" rel="noreferrer" size="sm">
        {field.linkText ?? field.label ?? field.href}
      </Anchor>
      {field.subtext ? (
        <Text size="xs" c="dimmed">
          {field.subtext}
        </Text>
      ) : null}
    </div>
  );
}
