import { useId, useState } from "react";
import {
  Badge,
  Divider,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { IconSpeakerphone } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/format";
import { useNotices } from "../api/list-notices";
import { hasUnseenNotices, readNoticesDismissedAt, storeNoticesDismissedAt } from "../notice-alert";
import { NoticeMessage, NoticeTypeIcon } from "./notice-message";
import classes from "./notices-widget.module.css";

/**
 * The header's global notices widget (shell §2 Notifications and notices): a button that
 * opens the notices in force, marked "Important" while one is newer than the last time the
 * list was opened or closed. Hidden until the notices load, and whenever loading fails.
 */
export function NoticesWidget({ routeName }: { routeName: string | null }) {
  const { t } = useTranslation("notices");
  const notices = useNotices(routeName);
  const [opened, setOpened] = useState(false);
  const [dismissedAt, setDismissedAt] = useState(readNoticesDismissedAt);
  const importantId = useId();
  const [keepRoom, setKeepRoom] = useState(false);

  if (notices.isError || !notices.data) return null;
  const list = notices.data.data;
  const important = hasUnseenNotices(list, dismissedAt);

  const toggle = (next: boolean) => {
    // While the list is open the hidden alert keeps its room, so the header does not shift
    // under the pointer that just opened it.
    setKeepRoom(next && (important || keepRoom));
    setOpened(next);
    setDismissedAt(storeNoticesDismissedAt());
  };

  return (
    <Popover
      opened={opened}
      onChange={toggle}
      position="bottom-end"
      width={360}
      shadow="md"
      withinPortal
      trapFocus={false}
      // The header never scrolls away; and jsdom, which measures nothing, would hide it.
      hideDetached={false}
    >
      <Popover.Target>
        <UnstyledButton
          className={classes.trigger}
          aria-label={t("notices")}
          aria-describedby={important ? importantId : undefined}
          aria-expanded={opened}
          onClick={() => toggle(!opened)}
          // Focus stays here while the list is open (it traps nothing): Escape closes it too.
          onKeyDown={(event) => {
            if (event.key === "Escape" && opened) toggle(false);
          }}
        >
          <IconSpeakerphone size={20} stroke={1.6} aria-hidden />
          {(important || keepRoom) && (
            <Badge
              id={importantId}
              color="red"
              size="xs"
              variant="filled"
              tt="none"
              style={important ? undefined : { visibility: "hidden" }}
            >
              {t("important")}
            </Badge>
          )}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p={0} className={classes.dropdown}>
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
      </Popover.Dropdown>
    </Popover>
  );
}
