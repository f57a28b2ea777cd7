import { useState } from "react";
import { Button, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { resetPasswordBodySchema } from "@netfleet/contracts/schemas/account";
import { ACCOUNT_PAGES } from "../../../lib/account-paths";
import { applyServerErrors, useSchemaForm } from "../../../lib/form";
import { toApiRequestError } from "../../../lib/http";
import { useResetPassword } from "../api/reset-password";
import { NewPasswordFields, withPasswordConfirmation } from "./account-fields";
import { FormAlert } from "./form-alert";
import { InvalidLink } from "./invalid-link";

const resetFormSchema = withPasswordConfirmation(resetPasswordBodySchema.omit({ token: true }));

export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation("account");
  const form = useSchemaForm(resetFormSchema, { password: "", confirm_password: "" });
  const reset = useResetPassword();
  const [alert, setAlert] = useState<string | null>(null);

  if (reset.isSuccess) {
    return (
      <>
        <Text size="sm" role="status">
          {reset.data ?? t("passwordChanged")}
        </Text>
        <Button component={Link} to={ACCOUNT_PAGES.signIn}>
          {t("signIn")}
        </Button>
      </>
    );
  }
  if (reset.isError && toApiRequestError(reset.error).hasCode("INVALID_TOKEN")) {
    return (
      <InvalidLink action={{ label: t("requestNewLink"), to: ACCOUNT_PAGES.forgotPassword }}>
        {t("resetInvalid")}
      </InvalidLink>
    );
  }

  const submit = form.onSubmit(({ password }) => {
    setAlert(null);
    reset.mutate(
      { token, password },
      { onError: (error) => setAlert(applyServerErrors(form, error)) },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <FormAlert message={alert} />
      <Stack gap="md">
        <NewPasswordFields
          labels={{ password: t("newPassword"), confirmation: t("confirmNewPassword") }}
          password={form.getInputProps("password")}
          confirmation={form.getInputProps("confirm_password")}
          autoFocus
        />
        <Button type="submit" fullWidth loading={reset.isPending}>
          {t("changePassword")}
        </Button>
      </Stack>
    </form>
  );
}
