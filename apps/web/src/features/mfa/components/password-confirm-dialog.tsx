import { type FormEvent, useState } from "react";
import { Button, Group, PasswordInput, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import type { DialogBodyProps } from "../../../components/ui/dialog/dialog-types";
import { toApiRequestError } from "../../../lib/http";
import { confirmPassword } from "../api/confirm-password";

export interface PasswordConfirmDialogProps {
  /** The 423 answer's message, shown above the input (FM-423-001). */
  message: string;
  /** Called once the server accepted the password, before the dialog closes. */
  onConfirmed: () => void;
}

/**
 * Asks for the password again after a 423 (forms §4): a wrong password shows the server's
 * message under the input and keeps the dialog open (FM-423-005); Cancel sends nothing.
 */
export function PasswordConfirmDialog({
  message,
  onConfirmed,
  close,
}: PasswordConfirmDialogProps & DialogBodyProps) {
  const { t } = useTranslation("mfa");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const [waiting, setWaiting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (waiting) return;
    if (!password) {
      setError(t("passwordRequired"));
      return;
    }
    setWaiting(true);
    setError(undefined);
    try {
      await confirmPassword({ password });
    } catch (failure) {
      const answer = toApiRequestError(failure);
      setError(answer.fieldErrors().password ?? answer.message);
      setWaiting(false);
      return;
    }
    onConfirmed();
    close();
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">{message || t("passwordText")}</Text>
        <PasswordInput
          label={t("passwordLabel")}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={error}
          autoComplete="current-password"
          required
          data-autofocus
          autoFocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={waiting}>
            {t("cancel")}
          </Button>
          <Button type="submit" loading={waiting}>
            {t("confirm")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
