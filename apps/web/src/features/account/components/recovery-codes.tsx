import { Alert, Button, Code, CopyButton, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconCopy, IconDownload } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";

/** What the downloaded file is called; the codes are the same in every language. */
const RECOVERY_FILE_NAME = "netfleet-recovery-codes.txt";

function download(codes: readonly string[]) {
  const blob = new Blob([`${codes.join("\n")}\n`], { type: "text/plain" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = RECOVERY_FILE_NAME;
  link.click();
  // The click has started the download; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

interface RecoveryCodesProps {
  codes: readonly string[];
  onDone: () => void;
}

/** The recovery codes of a new authenticator-app enrolment, shown this once only. */
export function RecoveryCodes({ codes, onDone }: RecoveryCodesProps) {
  const { t } = useTranslation("account");
  return (
    <Stack gap="md" aria-labelledby="recovery-heading" role="region">
      <Text fw={600} id="recovery-heading">
        {t("recoveryTitle")}
      </Text>
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
        {t("recoveryText")}
      </Alert>
      <SimpleGrid
        component="ul"
        cols={{ base: 2, sm: 5 }}
        spacing="xs"
        aria-label={t("recoveryTitle")}
        style={{ listStyle: "none", padding: 0, margin: 0 }}
      >
        {codes.map((code) => (
          <li key={code}>
            <Code fz="sm" display="block" ta="center">
              {code}
            </Code>
          </li>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={codes.join("\n")}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              color={copied ? "teal" : undefined}
              leftSection={
                copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
              }
              onClick={copy}
            >
              {copied ? t("copied") : t("copyCodes")}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => download(codes)}
        >
          {t("downloadCodes")}
        </Button>
        <Button onClick={onDone}>{t("done")}</Button>
      </Group>
    </Stack>
  );
}
