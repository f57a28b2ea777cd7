import { Button, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import { forgotPasswordBodySchema } from "@netfleet/contracts/schemas/account";
import { useZodForm } from "../../../components/ui/form/use-zod-form";
import { useZodFormSubmit } from "../../../components/ui/form/use-zod-form-submit";
import { useForgotPassword } from "../api/forgot-password";
import { EmailField } from "./account-fields";
import { FormAlert } from "./form-alert";

export function ForgotPasswordForm() {
  const { t } = useTranslation("account");
  const form = useZodForm(forgotPasswordBodySchema, { email: "" });
  const forgot = useForgotPassword();
  const submit = useZodFormSubmit(form, { send: forgot.mutateAsync });

  if (forgot.isSuccess) {
    return (
      <Text size="sm" role="status">
        {forgot.data ?? t("forgotSent")}
      </Text>
    );
  }

  return (
    <form onSubmit={submit.onSubmit} noValidate>
      <FormAlert message={submit.alert} />
      <Stack gap="md">
        <EmailField inputProps={form.getInputProps("email")} />
        <Button type="submit" fullWidth loading={submit.waiting}>
          {t("sendResetLink")}
        </Button>
      </Stack>
    </form>
  );
}
