import { ActionIcon, Button, Group, Paper } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { closeDialog, restoreDialog } from "./dialog-store";
import type { DialogEntry } from "./dialog-types";

/**
 * The minimised dialogs, bottom right (FM-DIALOG-011/012): a title restores its dialog as
 * the main one, the cross next to it closes it.
 */
export function MinimizedList({
  entries,
  zIndex,
}: {
  entries: readonly DialogEntry[];
  zIndex: number;
}) {
  const { t } = useTranslation("dialogs");
  const minimized = entries.filter((e) => e.minimized);
  if (minimized.length === 0) return null;
  return (
    <Paper
      role="region"
      aria-label={t("minimizedList")}
      shadow="md"
      withBorder
      p={4}
      style={{ position: "fixed", right: 16, bottom: 16, zIndex, maxWidth: "calc(100vw - 32px)" }}
    >
      <Group gap={4} wrap="wrap" justify="flex-end">
        {minimized.map(({ definition: { id, title } }) => (
          <Group key={id} gap={0} wrap="nowrap">
            <Button
              variant="subtle"
              size="xs"
              maw={200}
              aria-label={t("restoreNamed", { title })}
              onClick={() => restoreDialog(id)}
            >
              {title}
            </Button>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t("closeNamed", { title })}
              onClick={() => closeDialog(id)}
            >
              <IconX size={14} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
      </Group>
    </Paper>
  );
}
