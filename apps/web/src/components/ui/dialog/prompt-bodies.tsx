import { Text } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import type { DialogBodyProps } from "./dialog-types";

export interface ApplyConfigPromptProps {
  /** The configuration about to be applied. */
  name: string;
}

/** The question before a configuration goes to the selected devices (FM-DIALOG-004). */
export function ApplyConfigPrompt({ name }: ApplyConfigPromptProps & Partial<DialogBodyProps>) {
  const { t } = useTranslation("dialogs");
  return <Text size="sm">{t("applyConfig", { name })}</Text>;
}

export interface MonitoringTemplatesRemovePromptProps {
  /** How many templates are selected for removal. */
  count: number;
}

/** The question before monitoring templates are removed (FM-DIALOG-004). */
export function MonitoringTemplatesRemovePrompt({
  count,
}: MonitoringTemplatesRemovePromptProps & Partial<DialogBodyProps>) {
  const { t } = useTranslation("dialogs");
  return <Text size="sm">{t("monitoringTemplatesRemove", { count })}</Text>;
}
