import { Button, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import { Link } from "../../../lib/router";
import { resetPasswordBodySchema } from "@netfleet/contracts/schemas/account";
import { useZodForm } from "../../../components/ui/form/use-zod-form";
import { useZodFormSubmit } from "../../../components/ui/form/use-zod-form-submit";
import { ACCOUNT_PAGES } from "../../../lib/account-paths";
import { toApiRequestError } from "../../../lib/http";
import { useResetPassword } from "../api/reset-password";
import { NewPasswordFields, withPasswordConfirmation } from "./account-fields";
import { FormAlert } from "./form-alert";
import { InvalidLink } from "./invalid-link";

const resetFormSchema = withPasswordConfirmation(resetPasswordBodySchema.omit({ token: true }));

export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation("account");
  const form = useZodForm(resetFormSchema, { password: "", confirm_password: "" });
  const reset = useResetPassword();
  const submit = useZodFormSubmit(form, {
    send: ({ password }) => reset.mutateAsync({ token, password }),
  });

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

  return (
    <form onSubmit={submit.onSubmit} noValidate>
      <FormAlert message={submit.alert} />
      <Stack gap="md">
        <NewPasswordFields
          labels={{ password: t("newPassword"), confirmation: t("confirmNewPassword") }}
          password={form.getInputProps("password")}
          confirmation={form.getInputProps("confirm_password")}
          autoFocus
        />
        <Button type="submit" fullWidth loading={submit.waiting}>
          {t("changePassword")}
        </Button>
      </Stack>
    </form>
  );
}
