import type { ReactNode } from "react";
import { Button, Group, Modal, Text } from "@mantine/core";
import { useTranslation } from "../../lib/i18n";

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirmation itself; its module loads when the first one opens (confirm-modal.tsx). */
export function ConfirmModalContent(props: ConfirmModalProps) {
  const { opened, title, children, confirmLabel, danger, loading, onConfirm, onCancel } = props;
  const { t } = useTranslation("common");
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text size="sm">{children}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {t("cancel")}
        </Button>
        <Button
          color={danger ? "red" : undefined}
          onClick={onConfirm}
          loading={loading}
          data-autofocus
        >
          {confirmLabel ?? t("confirm")}
        </Button>
      </Group>
    </Modal>
  );
}
