import { PasswordInput, TextInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "@netfleet/contracts/schemas/account";

/** The e-mail field of the sign-in and forgot-password forms, with the browser's autofill hints. */
export function EmailField({ inputProps }: { inputProps: GetInputPropsReturnType }) {
  return (
    <TextInput
      label="E-mail"
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
  password: GetInputPropsReturnType;
  confirmation: GetInputPropsReturnType;
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordInput
        label={labels.password}
        description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
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

/** Adds the repeated password to a form schema, checked against the first. */
export function withPasswordConfirmation<Shape extends { password: z.ZodString }>(
  schema: z.ZodObject<Shape>,
) {
  return schema.extend({ confirm_password: z.string().min(1, "Repeat the password") }).refine(
    // The shape is generic here; both fields are strings by construction.
    (v) => {
      const values = v as { password: string; confirm_password: string };
      return values.password === values.confirm_password;
    },
    { message: "The passwords do not match", path: ["confirm_password"] },
  );
}
