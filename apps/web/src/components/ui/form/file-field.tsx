import { useRef, useState, type DragEvent } from "react";
import { Button, FileButton, Group, Input, Paper, Stack, Text } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { formatBytes } from "../../../lib/format";
import { wrapperProps, type FieldProps } from "./field-props";
import { chosenFileProblem } from "./file-rules";

/** The files a file field holds, whether it takes one or several. */
export function fieldFiles(value: unknown): File[] {
  if (Array.isArray(value)) return value.filter((v): v is File => v instanceof File);
  return value instanceof File ? [value] : [];
}

/**
 * A `file` field (forms §4 "Other states", §5): empty, then a file chosen (by the button
 * or, while enabled, by dropping it), then cleared. A file whose type is not in `accept`,
 * that is too large or, with `warnings`, has a forbidden name is refused with a message.
 */
export function FileField(props: FieldProps) {
  const { field, form } = props;
  const { t } = useTranslation("forms");
  const { label, description, error, withAsterisk, disabled } = wrapperProps(props);
  const [dragging, setDragging] = useState(false);
  const resetPicker = useRef<() => void>(null);
  const files = fieldFiles(form.getValues()[field.key]);

  const take = (picked: readonly File[]) => {
    const problems: string[] = [];
    const accepted = picked.filter((file) => {
      const problem = chosenFileProblem(file, field, t);
      if (problem) problems.push(problem);
      return problem === null;
    });
    const kept = field.multiple ? accepted : accepted.slice(0, 1);
    if (kept.length > 0) form.setValue(field.key, field.multiple ? [...files, ...kept] : kept[0]);
    if (problems.length > 0) form.setFieldError(field.key, problems.join(" "));
    resetPicker.current?.();
  };

  const clear = () => {
    form.setValue(field.key, field.multiple ? [] : null);
    resetPicker.current?.();
  };

  // Dropping is allowed only while the field is enabled (FM-FIELD-027): without
  // preventDefault on dragover the browser refuses the drop.
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (disabled) return;
    event.preventDefault();
    setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    take(Array.from(event.dataTransfer.files));
  };

  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      withAsterisk={withAsterisk}
      inputWrapperOrder={["label", "input", "description", "error"]}
    >
      <Paper
        withBorder
        p="sm"
        role="group"
        aria-label={field.label}
        aria-disabled={disabled || undefined}
        data-dragging={dragging || undefined}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          borderStyle: "dashed",
          borderColor: dragging ? "var(--mantine-primary-color-filled)" : undefined,
          opacity: disabled ? 0.6 : 1,
        }}
      >
        {files.length === 0 ? (
          <Group gap="sm">
            <FileButton
              resetRef={resetPicker}
              accept={field.accept}
              multiple={field.multiple === true}
              disabled={disabled}
              onChange={(picked: File | File[] | null) =>
                take(picked === null ? [] : Array.isArray(picked) ? picked : [picked])
              }
            >
              {(buttonProps) => (
                <Button
                  {...buttonProps}
                  variant="default"
                  size="xs"
                  disabled={disabled}
                  leftSection={<IconUpload size={14} />}
                >
                  {field.multiple ? t("chooseFiles") : t("chooseFile")}
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed">
              {disabled ? t("noFile") : t("dropFile")}
            </Text>
          </Group>
        ) : (
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              {files.map((file, index) => (
                <Text size="sm" key={`${file.name}-${String(index)}`}>
                  {file.name}{" "}
                  <Text span size="xs" c="dimmed">
                    ({formatBytes(file.size)})
                  </Text>
                </Text>
              ))}
            </Stack>
            <Button variant="subtle" color="red" size="xs" disabled={disabled} onClick={clear}>
              {t("clearFile")}
            </Button>
          </Group>
        )}
      </Paper>
    </Input.Wrapper>
  );
}
