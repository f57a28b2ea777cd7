import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconCopy } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import type { CreatedToken } from "../api/create-token";

interface CreatedTokenModalProps {
  token: CreatedToken | null;
  onClose: () => void;
}

/** Shows a new token's secret, the only time the server ever hands it out. */
export function CreatedTokenModal({ token, onClose }: CreatedTokenModalProps) {
  const { t } = useTranslation("account");
  return (
    <Modal
      opened={token !== null}
      onClose={onClose}
      title={<Text fw={600}>{t("tokenCreated")}</Text>}
      size="lg"
      // A stray click must not throw the secret away before it is copied.
      closeOnClickOutside={false}
    >
      {token && (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t("copyNow")}
          </Alert>
          <Text size="sm">
            <strong>{token.name}</strong>
          </Text>
          <Code
            block
            style={{ wordBreak: "break-all", whiteSpace: "pre-wrap" }}
            aria-label={t("tokenLabel")}
          >
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
                  {copied ? t("copied") : t("copyToken")}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{t("done")}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
