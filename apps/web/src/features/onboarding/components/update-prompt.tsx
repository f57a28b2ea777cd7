import { useEffect, useId, useState } from "react";
import { Affix, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import { LAYOUT } from "@netfleet/contracts/constants";
import { useAppVersion } from "../api/get-app-version";
import {
  buildTimestamp,
  isNewerVersion,
  shouldCheckVersion,
  storeVersionTimestamp,
  storedVersionTimestamp,
} from "../version-check";
import { browserLocation } from "../../../lib/browser-location";

/**
 * Offers to reload when a newer version was deployed (shell §4 Update prompt). Mounted
 * once at start-up, outside the router, so standalone screens get it too.
 */
export function UpdatePrompt() {
  const { t } = useTranslation("onboarding");
  const titleId = useId();
  const check = useAppVersion(shouldCheckVersion(window.location.hostname));
  const [shown, setShown] = useState(false);
  const serverTs = check.data?.timestamp;

  // Every completed check decides again, so "Later" lasts until the next check.
  useEffect(() => {
    if (typeof serverTs !== "number") return;
    if (!isNewerVersion(serverTs, storedVersionTimestamp(), buildTimestamp())) return;
    const timer = setTimeout(() => setShown(true), LAYOUT.updatePromptDelayMs);
    return () => clearTimeout(timer);
  }, [serverTs, check.dataUpdatedAt]);

  if (!shown || typeof serverTs !== "number") return null;

  const update = () => {
    storeVersionTimestamp(serverTs);
    browserLocation.reload();
  };
  const later = () => {
    setShown(false);
    storeVersionTimestamp(0);
  };

  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={400}>
      <Paper
        role="dialog"
        aria-labelledby={titleId}
        withBorder
        shadow="md"
        p="md"
        maw="calc(100vw - 40px)"
        w={340}
      >
        <Stack gap="sm">
          <Stack gap={4}>
            <Text id={titleId} fw={600}>
              {t("updateTitle")}
            </Text>
            <Text size="sm" c="dimmed">
              {t("updateMessage")}
            </Text>
          </Stack>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={later}>
              {t("updateLater")}
            </Button>
            <Button onClick={update}>{t("updateNow")}</Button>
          </Group>
        </Stack>
      </Paper>
    </Affix>
  );
}
