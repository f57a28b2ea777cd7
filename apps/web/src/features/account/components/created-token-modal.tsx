import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconCopy } from "@tabler/icons-react";
import type { CreatedToken } from "../api/create-token";

interface CreatedTokenModalProps {
  token: CreatedToken | null;
  onClose: () => void;
}

/** Shows a new token's secret, the only time the server ever hands it out. */
export function CreatedTokenModal({ token, onClose }: CreatedTokenModalProps) {
  return (
    <Modal
      opened={token !== null}
      onClose={onClose}
      title={<Text fw={600}>Token created</Text>}
      size="lg"
      // A stray click must not throw the secret away before it is copied.
      closeOnClickOutside={false}
    >
      {token && (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            Copy the token now and keep it somewhere safe. It won&apos;t be shown again.
          </Alert>
          <Text size="sm">
            <strong>{token.name}</strong>
          </Text>
          <Code block style={{ wordBreak: "break-all", whiteSpace: "pre-wrap" }} aria-label="Token">
            {token.token}
          </Code>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={token.token}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? "teal" : undefined}
                  leftSection={
                    copied ? (
                      <IconCheck size={16} aria-hidden />
                    ) : (
                      <IconCopy size={16} aria-hidden />
                    )
                  }
                  onClick={copy}
                >
                  {copied ? "Copied" : "Copy token"}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
