import { useState } from "react";
import { Alert, Button, Group, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { emailSchema } from "@netfleet/contracts/schemas/account";
import { applyServerErrors, useSchemaForm } from "../../../lib/form";
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
  const form = useSchemaForm(emailBodySchema, { email: "" });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.onSubmit((values) => {
    setFailure(null);
    save.mutate(values, {
      onSuccess: () => {
        notifications.show({ color: "teal", message: t("emailSent", { email: values.email }) });
        onSaved();
      },
      onError: (error) => setFailure(applyServerErrors(form, error)),
    });
  });

  return (
    <HeaderlessModal opened={opened} title={t("emailTitle")}>
      <form onSubmit={submit} noValidate>
        <Text size="sm" mb="md">
          {t("emailDescription")}
        </Text>
        <div role="alert">
          {failure && (
            <Alert color="red" variant="light" mb="md">
              {failure}
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
          <Button type="submit" loading={save.isPending}>
            {t("emailSubmit")}
          </Button>
        </Group>
      </form>
    </HeaderlessModal>
  );
}
