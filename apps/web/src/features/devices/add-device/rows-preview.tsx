import { Fragment } from "react";
import { Group, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import type { DeviceLine } from "@netfleet/contracts/schemas/device-add";

/** Rows shown in full; past these only rows with problems are listed. */
export const PREVIEW_ROWS = 100;

export interface RowsPreviewProps {
  lines: readonly DeviceLine[];
  /** Problems found in the browser, by row. */
  client: ReadonlyMap<number, readonly string[]>;
  /** Problems the server answered for these rows. */
  server?: ReadonlyMap<number, readonly string[]> | undefined;
}

/**
 * The rows about to be added, as read from the list or file, each with its problems, so
 * a file is checked before it is sent. A long file shows its first rows and every row
 * with a problem.
 */
export function RowsPreview({ lines, client, server }: RowsPreviewProps) {
  const { t } = useTranslation("add-device");
  const problemsOf = (index: number) => [
    ...(client.get(index) ?? []),
    ...(server?.get(index) ?? []),
  ];
  const shown = lines
    .map((line, index) => ({ line, index, problems: problemsOf(index) }))
    .filter(({ index, problems }) => index < PREVIEW_ROWS || problems.length > 0);
  const withProblems = lines.filter((_, index) => problemsOf(index).length > 0).length;

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} role="status">
        {withProblems > 0
          ? t("previewSummaryProblems", { count: lines.length, problems: withProblems })
          : t("previewSummary", { count: lines.length })}
      </Text>
      <ScrollArea.Autosize mah={280} type="auto">
        <Table
          withTableBorder
          stickyHeader
          verticalSpacing={4}
          horizontalSpacing="xs"
          fz="sm"
          aria-label={t("previewTitle")}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>{t("columnRow")}</Table.Th>
              <Table.Th>{t("fieldSerial")}</Table.Th>
              <Table.Th>{t("fieldMac")}</Table.Th>
              <Table.Th visibleFrom="sm">{t("fieldName")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map(({ line, index, problems }) => (
              <Fragment key={index}>
                <Table.Tr
                  aria-invalid={problems.length > 0 || undefined}
                  style={problems.length > 0 ? { borderBottom: 0 } : undefined}
                >
                  <Table.Td c={problems.length > 0 ? "red" : "dimmed"}>{index + 1}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{line.serial}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{line.mac}</Table.Td>
                  <Table.Td visibleFrom="sm">{line.name}</Table.Td>
                </Table.Tr>
                {/* Under its row rather than in a column, so a phone shows it in full. */}
                {problems.length > 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={4} c="red" pt={0}>
                      <Group gap={4} wrap="nowrap" align="flex-start">
                        <IconAlertCircle
                          size={14}
                          aria-hidden
                          style={{ flexShrink: 0, marginTop: 3 }}
                        />
                        <span>{problems.join(" ")}</span>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {shown.length < lines.length ? (
        <Text size="xs" c="dimmed">
          {t("previewHidden", { count: lines.length - shown.length })}
        </Text>
      ) : null}
    </Stack>
  );
}
