import { Button, Group, Stack, Text } from "@mantine/core";
import { IconFileUpload, IconList, IconTerminal2 } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { openAddDeviceDialog } from "./add-device-dialog";

/** The other ways of adding devices, offered on the one-device page. */
export function OtherWaysToAdd() {
  const { t } = useTranslation("add-device");
  return (
    <Stack gap="xs">
      <Text size="sm">{t("otherWaysText")}</Text>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconList size={14} aria-hidden />}
          onClick={() => openAddDeviceDialog("list")}
        >
          {t("modeList")}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFileUpload size={14} aria-hidden />}
          onClick={() => openAddDeviceDialog("file")}
        >
          {t("modeFile")}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconTerminal2 size={14} aria-hidden />}
          onClick={() => openAddDeviceDialog("agent")}
        >
          {t("modeAgent")}
        </Button>
      </Group>
    </Stack>
  );
}
