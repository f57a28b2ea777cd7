import { Divider, Group, ScrollArea, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import type { Notice } from "@netfleet/contracts/schemas/notices";
import { formatDateTime } from "../../../lib/format";
import { NoticeMessage, NoticeTypeIcon } from "./notice-message";
import classes from "./notices-widget.module.css";

/** The notices in force, as the header's widget lists them. */
export function NoticesList({ list }: { list: readonly Notice[] }) {
  const { t } = useTranslation("notices");
  return (
    <section aria-label={t("notices")}>
      <Text fw={600} size="sm" px="md" py="sm">
        {t("notices")}
      </Text>
      <Divider />
      {list.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" px="md" py="lg">
          {t("none")}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={420} type="auto">
          <Stack component="ul" gap={0} p={0} m={0} className={classes.list}>
            {list.map((notice) => (
              <li key={notice.id} className={classes.item}>
                <Group align="flex-start" wrap="nowrap" gap="sm">
                  <NoticeTypeIcon type={notice.type} t={t} />
                  <Stack gap={4} miw={0} style={{ flex: 1 }}>
                    <NoticeMessage html={notice.message} />
                    <Text size="xs" c="dimmed">
                      {t("shownFrom", { time: formatDateTime(notice.enabled_at) })}
                    </Text>
                  </Stack>
                </Group>
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </section>
  );
}
