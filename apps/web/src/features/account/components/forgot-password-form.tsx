import { useState } from "react";
import { Button, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { forgotPasswordBodySchema } from "@netfleet/contracts/schemas/account";
import { applyServerErrors, useSchemaForm } from "../../../lib/form";
import { useForgotPassword } from "../api/forgot-password";
import { EmailField } from "./account-fields";
import { FormAlert } from "./form-alert";

export function ForgotPasswordForm() {
  const { t } = useTranslation("account");
  const form = useSchemaForm(forgotPasswordBodySchema, { email: "" });
  const forgot = useForgotPassword();
  const [alert, setAlert] = useState<string | null>(null);

  if (forgot.isSuccess) {
    return (
      <Text size="sm" role="status">
        {forgot.data ?? t("forgotSent")}
      </Text>
    );
  }

  const submit = form.onSubmit((values) => {
    setAlert(null);
    forgot.mutate(values, { onError: (error) => setAlert(applyServerErrors(form, error)) });
  });

  return (
    <form onSubmit={submit} noValidate>
      <FormAlert message={alert} />
      <Stack gap="md">
        <EmailField inputProps={form.getInputProps("email")} />
        <Button type="submit" fullWidth loading={forgot.isPending}>
          {t("sendResetLink")}
        </Button>
      </Stack>
    </form>
  );
}
