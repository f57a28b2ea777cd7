import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import { useTranslation } from "../../../lib/i18n";
import { PASSWORD_MIN_LENGTH } from "@netfleet/contracts/schemas/account";
import { changePasswordBodySchema } from "@netfleet/contracts/schemas/mfa";
import { useZodForm } from "../../../components/ui/form/use-zod-form";
import { useZodFormSubmit } from "../../../components/ui/form/use-zod-form-submit";
import { useChangePassword } from "../api/change-password";
import { FormAlert } from "./form-alert";

const EMPTY = { current_password: "", password: "", password_confirmation: "" };

/**
 * The settings section for a new password: the current one proves it is the user, the
 * new one is typed twice. The server's field errors (a wrong current password, say) show
 * under their fields.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation("account");
  const form = useZodForm(changePasswordBodySchema, EMPTY);
  const change = useChangePassword();
  const submit = useZodFormSubmit(form, {
    send: change.mutateAsync,
    onSuccess: (message) => {
      form.setValues(EMPTY);
      form.resetDirty();
      notifications.show({ color: "teal", message: message ?? t("passwordChanged") });
    },
  });

  return (
    <Stack component="section" aria-labelledby="password-heading" gap="md" maw={1200}>
      <Stack gap={4}>
        <Title order={2} fz="h3" id="password-heading">
          {t("passwordTitle")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("passwordIntro")}
        </Text>
      </Stack>
      <Paper withBorder p={{ base: "md", sm: "lg" }}>
        <form onSubmit={submit.onSubmit} noValidate aria-label={t("changePassword")}>
          <FormAlert message={submit.alert} />
          <Stack gap="md" maw={400}>
            <PasswordInput
              label={t("currentPassword")}
              autoComplete="current-password"
              required
              key={form.key("current_password")}
              {...form.getInputProps("current_password")}
            />
            <PasswordInput
              label={t("newPassword")}
              description={t("passwordHint", { min: PASSWORD_MIN_LENGTH })}
              autoComplete="new-password"
              required
              key={form.key("password")}
              {...form.getInputProps("password")}
            />
            <PasswordInput
              label={t("confirmNewPassword")}
              autoComplete="new-password"
              required
              key={form.key("password_confirmation")}
              {...form.getInputProps("password_confirmation")}
            />
            <Group>
              <Button type="submit" loading={submit.waiting}>
                {t("changePassword")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
