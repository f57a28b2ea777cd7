import type { ReactNode } from "react";
import { Modal, Stack } from "@mantine/core";

interface HeaderlessModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
}

/**
 * A modal without a header bar or close button that only its own action closes (shell §4:
 * the terms and e-mail prompts are "headerless"). The title stays the dialog's name.
 */
export function HeaderlessModal({ opened, title, children }: HeaderlessModalProps) {
  return (
    <Modal.Root
      opened={opened}
      onClose={() => undefined}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="lg"
    >
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body p="xl">
          <Stack gap="md">
            <Modal.Title fz="h3" fw={700}>
              {title}
            </Modal.Title>
            {children}
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
