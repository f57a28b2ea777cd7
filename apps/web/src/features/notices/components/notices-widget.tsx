import { Suspense, useId, useState } from "react";
import { Badge, Popover, UnstyledButton } from "@mantine/core";
import { IconSpeakerphone } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { lazyPart } from "../../../lib/lazy-part";
import { useNotices } from "../api/list-notices";
import { hasUnseenNotices, readNoticesDismissedAt, storeNoticesDismissedAt } from "../notice-alert";
import classes from "./notices-widget.module.css";

/** The list and the HTML sanitiser its messages go through load when it is first opened. */
const NoticesList = lazyPart(() => import("./notices-list").then((m) => m.NoticesList));

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
        <Suspense fallback={null}>
          <NoticesList list={list} />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
