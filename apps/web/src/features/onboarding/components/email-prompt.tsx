import { Alert, Button, Group, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import { useTranslation } from "../../../lib/i18n";
import { z } from "zod";
import { emailSchema } from "@netfleet/contracts/schemas/account";
import { useZodForm } from "../../../components/ui/form/use-zod-form";
import { useZodFormSubmit } from "../../../components/ui/form/use-zod-form-submit";
import { useUpdateAccountUser } from "../api/update-account-user";
import { HeaderlessModal } from "./headerless-modal";

const emailBodySchema = z.object({ email: emailSchema });

interface EmailPromptProps {
  opened: boolean;
  onSaved: () => void;
}

/**
 * Asks an account whose e-mail is still its user name for a real address (SH-START-023).
 * The server keeps the new address unconfirmed and mails it a confirmation link.
 */
export function EmailPrompt({ opened, onSaved }: EmailPromptProps) {
  const { t } = useTranslation("onboarding");
  const save = useUpdateAccountUser();
  const form = useZodForm(emailBodySchema, { email: "" });
  const submit = useZodFormSubmit(form, {
    send: save.mutateAsync,
    onSuccess: (_, values) => {
      notifications.show({ color: "teal", message: t("emailSent", { email: values.email }) });
      onSaved();
    },
  });

  return (
    <HeaderlessModal opened={opened} title={t("emailTitle")}>
      <form onSubmit={submit.onSubmit} noValidate>
        <Text size="sm" mb="md">
          {t("emailDescription")}
        </Text>
        <div role="alert">
          {submit.alert && (
            <Alert color="red" variant="light" mb="md">
              {submit.alert}
            </Alert>
          )}
        </div>
        <TextInput
          label={t("emailLabel")}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          data-autofocus
          {...form.getInputProps("email")}
        />
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={submit.waiting}>
            {t("emailSubmit")}
          </Button>
        </Group>
      </form>
    </HeaderlessModal>
  );
}
