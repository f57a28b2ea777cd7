import { ActionIcon, Button, Input, Table, Text, TextInput } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { wrapperProps, type FieldProps } from "./field-props";
import { matchesPattern } from "./field-validation";
import type { TableColumn } from "./form-types";

/** One row of a table input: a value per column key (FM-FIELD-025). */
export type TableRow = Record<string, string>;

/** The rows a field holds; anything else counts as no rows. */
export function tableRows(value: unknown): TableRow[] {
  return Array.isArray(value) ? (value as TableRow[]) : [];
}

/** Whether a cell breaks its column's pattern (an empty cell never does). */
function isCellInvalid(column: TableColumn, cell: string | undefined): boolean {
  if (!cell || !column.pattern) return false;
  return !matchesPattern(cell, column.pattern);
}

/**
 * A `TableInput` field (forms §3): rows of objects keyed by the column keys; each column
 * has a title, a pattern and a maximum length, and rows are added and removed by buttons.
 */
export function TableInput(props: FieldProps) {
  const { field, form } = props;
  const { t } = useTranslation("forms");
  const { label, description, error, withAsterisk, disabled } = wrapperProps(props);
  const columns = field.columns ?? [];
  const rows = tableRows(form.getValues()[field.key]);

  const update = (next: TableRow[]) => form.setValue(field.key, next);
  const emptyRow = (): TableRow => Object.fromEntries(columns.map((c) => [c.key, ""]));

  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      withAsterisk={withAsterisk}
      inputWrapperOrder={["label", "input", "description", "error"]}
    >
      <Table withTableBorder verticalSpacing={4} aria-label={field.label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key}>{column.title}</Table.Th>
            ))}
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length + 1}>
                <Text size="sm" c="dimmed">
                  {t("noRows")}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {rows.map((row, index) => (
            <Table.Tr key={index}>
              {columns.map((column) => (
                <Table.Td key={column.key}>
                  <TextInput
                    aria-label={`${column.title} ${String(index + 1)}`}
                    value={row[column.key] ?? ""}
                    maxLength={column.maxlength}
                    disabled={disabled}
                    error={isCellInvalid(column, row[column.key]) ? t("pattern") : undefined}
                    onChange={(event) =>
                      update(
                        rows.map((r, i) =>
                          i === index ? { ...r, [column.key]: event.target.value } : r,
                        ),
                      )
                    }
                  />
                </Table.Td>
              ))}
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  disabled={disabled}
                  aria-label={t("removeRow", { row: index + 1 })}
                  onClick={() => update(rows.filter((_, i) => i !== index))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Button
        mt="xs"
        size="xs"
        variant="default"
        leftSection={<IconPlus size={14} />}
        disabled={disabled}
        onClick={() => update([...rows, emptyRow()])}
      >
        {t("addRow")}
      </Button>
    </Input.Wrapper>
  );
}
