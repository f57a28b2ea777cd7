import { Alert, Button, Group, List, Stack } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation, i18n } from "../../../lib/i18n";
import { openDialog } from "./dialog-store";
import type { DialogBodyProps } from "./dialog-types";

/** The id of the error dialog: a second error replaces the first instead of stacking. */
export const ERROR_DIALOG_ID = "error";

export interface ErrorDialogProps {
  messages: readonly string[];
}

/** The errors of a call that belong to no field, with a Close button. */
export function ErrorDialogBody({ messages, close }: ErrorDialogProps & DialogBodyProps) {
  const { t } = useTranslation("dialogs");
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        {messages.length === 1 ? (
          messages[0]
        ) : (
          <List size="sm" spacing={4}>
            {messages.map((message, index) => (
              <List.Item key={index}>{message}</List.Item>
            ))}
          </List>
        )}
      </Alert>
      <Group justify="flex-end">
        <Button onClick={close} data-autofocus>
          {t("close")}
        </Button>
      </Group>
    </Stack>
  );
}

/** Shows one error message or several in a dialog of their own (a form's `modalError`). */
export function openErrorDialog(message: string | readonly string[]): void {
  const messages = typeof message === "string" ? [message] : [...message];
  if (messages.length === 0) return;
  openDialog<ErrorDialogProps>({
    id: ERROR_DIALOG_ID,
    title: i18n.t("dialogs:errorTitle"),
    size: "sm",
    component: ErrorDialogBody,
    props: { messages },
  });
}
