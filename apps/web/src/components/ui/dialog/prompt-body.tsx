import { type FormEvent, useId, useState } from "react";
import { Button, Checkbox, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import type { DialogBodyProps, DialogDefinition } from "./dialog-types";
import { setReminderOff } from "./reminders";

export interface PromptBodyProps extends DialogBodyProps {
  definition: DialogDefinition;
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === "string" && error) return error;
  return "";
}

/**
 * A prompt (forms §3): the message, an optional input and select box, "Do not show this
 * again" when the dialog has a reminder key, Cancel and Confirm. Confirm waits for
 * `onConfirm`; a rejection keeps the prompt open and shows the reason.
 */
export function PromptBody({ definition, close }: PromptBodyProps) {
  const { t } = useTranslation("dialogs");
  const { input, selectBox, reminderKey } = definition;
  const errorId = useId();
  const [value, setValue] = useState("");
  const [select, setSelect] = useState<string | null>(selectBox?.defaultValue ?? null);
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (input?.required && value.trim() === "") {
      setError(t("required"));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await definition.onConfirm?.({
        ...(input ? { input: value } : {}),
        ...(selectBox ? { select: select ?? undefined } : {}),
        ...(reminderKey ? { remember } : {}),
      });
    } catch (failure) {
      setBusy(false);
      setError(messageOf(failure) || t("errorTitle"));
      return;
    }
    if (reminderKey && remember) void setReminderOff(reminderKey, true);
    close();
  };

  const cancel = () => {
    definition.onCancel?.();
    close();
  };

  return (
    <form onSubmit={(event) => void confirm(event)} noValidate>
      <Stack gap="md">
        {definition.message !== undefined &&
          (typeof definition.message === "string" ? (
            <Text size="sm">{definition.message}</Text>
          ) : (
            definition.message
          ))}
        {input && (
          <TextInput
            label={input.label}
            type={input.type ?? "text"}
            required={input.required}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
        )}
        {selectBox && (
          <Select
            label={selectBox.label}
            data={selectBox.options.map((o) => ({ value: o.value, label: o.label }))}
            value={select}
            onChange={setSelect}
            allowDeselect={false}
            // The dialog floats above the page and never scrolls away from its dropdown.
            comboboxProps={{ hideDetached: false }}
          />
        )}
        {error && !input && (
          <Text size="sm" c="red" role="alert" id={errorId}>
            {error}
          </Text>
        )}
        {reminderKey && (
          <Checkbox
            label={t("doNotShowAgain")}
            checked={remember}
            onChange={(event) => setRemember(event.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel} disabled={busy}>
            {definition.cancelText ?? t("cancel")}
          </Button>
          <Button
            type="submit"
            color={definition.confirmColor}
            loading={busy}
            data-autofocus={input ? undefined : true}
          >
            {definition.confirmText ?? t("confirm")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
