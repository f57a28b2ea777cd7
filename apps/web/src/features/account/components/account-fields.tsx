import { PasswordInput, TextInput } from "@mantine/core";
import { useTranslation, i18n } from "../../../lib/i18n";
import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "@netfleet/contracts/schemas/account";
import type { FormInputProps } from "../../../components/ui/form/use-zod-form";

/** The e-mail field of the sign-in and forgot-password forms, with the browser's autofill hints. */
export function EmailField({ inputProps }: { inputProps: FormInputProps }) {
  const { t } = useTranslation("account");
  return (
    <TextInput
      label={t("emailLabel")}
      type="email"
      autoComplete="username"
      inputMode="email"
      required
      autoFocus
      {...inputProps}
    />
  );
}

/** A new password typed twice, as registration and password reset ask for it. */
export function NewPasswordFields({
  labels,
  password,
  confirmation,
  autoFocus = false,
}: {
  labels: { password: string; confirmation: string };
  password: FormInputProps;
  confirmation: FormInputProps;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("account");
  return (
    <>
      <PasswordInput
        label={labels.password}
        description={t("passwordHint", { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        {...password}
      />
      <PasswordInput
        label={labels.confirmation}
        autoComplete="new-password"
        required
        {...confirmation}
      />
    </>
  );
}

/**
 * Adds the repeated password to a form schema, checked against the first. The schemas are
 * built once, so the messages are looked up when shown, in the current language.
 */
export function withPasswordConfirmation<Shape extends { password: z.ZodString }>(
  schema: z.ZodObject<Shape>,
) {
  return schema
    .extend({
      confirm_password: z.string().min(1, { error: () => i18n.t("account:repeatPassword") }),
    })
    .refine(
      // The shape is generic here; both fields are strings by construction.
      (v) => {
        const values = v as { password: string; confirm_password: string };
        return values.password === values.confirm_password;
      },
      { error: () => i18n.t("account:passwordsMismatch"), path: ["confirm_password"] },
    );
}
