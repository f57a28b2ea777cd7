import { Button, Group, PasswordInput } from "@mantine/core";
import { IconEye, IconEyeOff } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { resolveRule } from "./field-validation";
import { inputProps, pasteHandler, type FieldProps } from "./field-props";
import { generatePassword } from "./generate-password";

/**
 * A `password` field with a show/hide toggle (FM-FIELD-013) and, with `generate`, a
 * Generate button that fills in a 16-character password (FM-FIELD-014).
 */
export function PasswordField(props: FieldProps) {
  const { field, form } = props;
  const { t } = useTranslation("forms");
  const { rightSection: _addon, ...rest } = inputProps(props);
  const value = form.getValues()[field.key];
  const input = (
    <PasswordInput
      {...rest}
      style={field.generate ? { flex: 1 } : undefined}
      autoComplete="new-password"
      // Mantine marks only data-invalid here; assistive technology reads aria-invalid.
      aria-invalid={rest.error ? true : undefined}
      value={typeof value === "string" ? value : ""}
      maxLength={resolveRule(field.maxlength, form.getValues())}
      onChange={(event) => form.setValue(field.key, event.target.value)}
      onPaste={pasteHandler(props)}
      visibilityToggleButtonProps={{ "aria-label": t("showPassword") }}
      visibilityToggleIcon={({ reveal }) =>
        reveal ? (
          <IconEyeOff size={16} aria-label={t("hidePassword")} />
        ) : (
          <IconEye size={16} aria-label={t("showPassword")} />
        )
      }
    />
  );
  if (!field.generate) return input;
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      {input}
      <Button
        variant="default"
        mt={field.label ? 24 : 0}
        disabled={rest.disabled}
        onClick={() => form.setValue(field.key, generatePassword())}
      >
        {t("generate")}
      </Button>
    </Group>
  );
}
