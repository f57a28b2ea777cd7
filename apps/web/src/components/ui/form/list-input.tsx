import { useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { Anchor, Button, FileButton, Group, List, Pill, PillsInput, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import { IconDownload, IconFileUpload } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { FORMS } from "@netfleet/contracts/constants";
import { wrapperProps, type FieldProps } from "./field-props";
import { pillRemoveProps } from "./pill-remove-props";
import {
  addItems,
  csvFileProblem,
  csvFileLines,
  type ListItem,
  type RejectedItem,
} from "./list-rules";

/** The example file next to the CSV upload (public/examples, served from the app's base). */
export const LIST_EXAMPLE_CSV = `${import.meta.env.BASE_URL}examples/list-input-example.csv`;

/** Pasted text holding several values: they are split on commas and line breaks. */
const PASTE_SEPARATOR = /[,\r\n]+/;

/** The items a list field holds. */
export function listItems(value: unknown): ListItem[] {
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is ListItem => typeof v === "string" || typeof v === "number");
}

/**
 * A `ListInput` field (forms §3, §4, §5): items as pills with a close icon, added on an
 * add key (Enter and comma by default) or on blur, the last removed by Backspace in an
 * empty input (D21); pasted lists and CSV uploads add each value through the same rules.
 */
export function ListInput(props: FieldProps) {
  const { field, form } = props;
  const { t } = useTranslation("forms");
  const { label, description, error, withAsterisk, disabled } = wrapperProps(props);
  const options = field.list ?? {};
  const addKeys = options.addKeys ?? FORMS.listAddKeys;
  const [text, setText] = useState("");
  const [rejected, setRejected] = useState<RejectedItem[]>([]);
  const items = listItems(form.getValues()[field.key]);

  const add = (raw: readonly string[]) => {
    const result = addItems(items, raw, options, t);
    if (result.items.length !== items.length) form.setValue(field.key, result.items);
    setRejected(result.rejected);
    if (result.clearInput) setText("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (addKeys.includes(event.key)) {
      event.preventDefault();
      add([text]);
    } else if (event.key === "Backspace" && text === "" && items.length > 0) {
      form.setValue(field.key, items.slice(0, -1));
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData("text");
    if (!PASTE_SEPARATOR.test(pasted)) return;
    event.preventDefault();
    add(pasted.split(PASTE_SEPARATOR));
  };

  const uploadCsv = async (file: File | null) => {
    if (!file) return;
    const problem = csvFileProblem(file, t);
    if (problem) {
      notifications.show({ color: "red", message: problem });
      return;
    }
    add(csvFileLines(await file.text()));
  };

  const quotedKeys = addKeys.map((key) => `'${key}'`).join(t("listKeysJoin"));
  return (
    <Stack gap={4}>
      <PillsInput
        label={label}
        description={description}
        error={error}
        withAsterisk={withAsterisk}
        disabled={disabled}
        inputWrapperOrder={["label", "input", "description", "error"]}
      >
        <Pill.Group>
          {items.map((item, index) => (
            <Pill
              key={`${String(item)}-${String(index)}`}
              withRemoveButton={!disabled}
              removeButtonProps={pillRemoveProps(t("removeItem", { item: String(item) }))}
              onRemove={() =>
                form.setValue(
                  field.key,
                  items.filter((_, i) => i !== index),
                )
              }
            >
              {String(item)}
            </Pill>
          ))}
          <PillsInput.Field
            aria-label={field.label}
            value={text}
            placeholder={field.placeholder ?? t("listPlaceholder", { keys: quotedKeys })}
            disabled={disabled}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            onBlur={() => {
              if (text.trim() !== "") add([text]);
            }}
            onPaste={onPaste}
          />
        </Pill.Group>
      </PillsInput>
      {rejected.length > 0 ? (
        <List size="xs" c="red" role="alert">
          {rejected.map((r, index) => (
            <List.Item key={`${r.value}-${String(index)}`}>
              {r.value}: {r.message}
            </List.Item>
          ))}
        </List>
      ) : null}
      {options.showCsvUpload ? (
        <Group gap="sm">
          <FileButton accept=".csv,text/csv" onChange={(file) => void uploadCsv(file)}>
            {(buttonProps) => (
              <Button
                {...buttonProps}
                size="xs"
                variant="default"
                disabled={disabled}
                leftSection={<IconFileUpload size={14} />}
              >
                {t("uploadCsv")}
              </Button>
            )}
          </FileButton>
          <Anchor size="xs" href={LIST_EXAMPLE_CSV} download>
            <Group gap={4} component="span">
              <IconDownload size={12} />
              {t("downloadExample")}
            </Group>
          </Anchor>
        </Group>
      ) : null}
    </Stack>
  );
}
