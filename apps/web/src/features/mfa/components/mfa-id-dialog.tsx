import { Button, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import type { DialogBodyProps } from "../../../components/ui/dialog/dialog-types";

/**
 * The `teltonika_id` second factor (FM-MFA-011): verification by an external identity
 * service this installation does not connect to, so the dialog explains that and can only
 * be cancelled.
 */
export function MfaIdDialog({ close }: DialogBodyProps) {
  const { t } = useTranslation("mfa");
  return (
    <Stack gap="md">
      <Text size="sm">{t("idText")}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={close} data-autofocus>
          {t("cancel")}
        </Button>
      </Group>
    </Stack>
  );
}
