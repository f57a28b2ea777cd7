import { Button, Menu } from "@mantine/core";
import { IconBellOff } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { resetReminders, setReminderOff, useRemindersOff } from "./reminders";

/** "delete-tag" → "Delete tag": a readable name for a reminder nobody labelled. */
function readable(key: string): string {
  const words = key.replace(/[-_.]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The "Reminders" item of a table's preferences (FM-DIALOG-028): each reminder switched off
 * with "Do not show this again" can be shown again, or all at once. Shown only while some
 * reminder is off; it reads no preferences of its own, so a list without stored
 * preferences still asks the server for nothing.
 */
export function RemindersMenu({ labels }: { labels?: Readonly<Record<string, string>> }) {
  const { t } = useTranslation("dialogs");
  const off = useRemindersOff();
  if (off.length === 0) return null;
  return (
    // Opened from the list's footer and closed on any click outside it: nothing to hide it for
    // when the button scrolls away (without layout, as in jsdom, it would always count as hidden).
    <Menu position="top-end" shadow="md" withinPortal hideDetached={false}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="xs"
          leftSection={<IconBellOff size={14} aria-hidden />}
        >
          {t("reminders")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("tablePreferences")}</Menu.Label>
        {off.map((key) => (
          <Menu.Item key={key} onClick={() => void setReminderOff(key, false)}>
            {t("showAgainNamed", { name: labels?.[key] ?? readable(key) })}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={() => void resetReminders()}>{t("showAllAgain")}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
