import { useEffect, useMemo, useState } from "react";
import { Box, Menu, Select, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import { IconRestore } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { FORMAT } from "@netfleet/contracts/constants";
import {
  allTimezones,
  changeTimezone,
  formatInTimezone,
  selectedTimezone,
} from "../../../lib/timezone";
import { browserLocation } from "../../../lib/browser-location";
import { SubMenuHeader } from "./sub-menu-header";

function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

/**
 * Every timezone the browser knows, searchable, with the time in the chosen zone and in
 * UTC. A change is stored, confirmed and applied by reloading (lib/timezone.ts).
 */
export function TimezoneMenu({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation("user-menu");
  const zones = useMemo(() => allTimezones(), []);
  const [zone, setZone] = useState(selectedTimezone);
  const now = useNow();

  const choose = (value: string | null) => {
    if (!value || value === zone) return;
    setZone(value);
    notifications.show({ color: "teal", message: t("timezoneUpdated") });
    changeTimezone(value, () => browserLocation.reload());
  };

  const reset = () => {
    notifications.show({ message: t("timezoneDefaultUsed") });
    changeTimezone(null, () => browserLocation.reload());
  };

  return (
    <>
      <SubMenuHeader title={t("systemTimezone")} onBack={onBack} />
      <Box px="sm" pb="xs">
        <Select
          aria-label={t("systemTimezone")}
          placeholder={t("timezoneSearch")}
          data={zones}
          value={zone}
          onChange={choose}
          searchable
          nothingFoundMessage={t("timezoneNothingFound")}
          allowDeselect={false}
          maxDropdownHeight={240}
          // Inside the menu, so that picking an option is not a click outside it; the menu
          // never scrolls away, so the list has no reason to hide.
          comboboxProps={{ withinPortal: false, hideDetached: false }}
        />
        <Stack gap={2} mt="sm">
          <Text size="sm">
            {t("selectedTime")}:{" "}
            <time dateTime={new Date(now).toISOString()}>
              {formatInTimezone(now, FORMAT.dateFormat, zone)}
            </time>
          </Text>
          <Text size="sm" c="dimmed">
            {t("utcTime")}:{" "}
            <time dateTime={new Date(now).toISOString()}>
              {formatInTimezone(now, FORMAT.dateFormat, "UTC")}
            </time>
          </Text>
        </Stack>
      </Box>
      <Menu.Divider />
      <Menu.Item
        closeMenuOnClick={false}
        leftSection={<IconRestore size={16} aria-hidden />}
        onClick={reset}
      >
        {t("resetTimezone")}
      </Menu.Item>
    </>
  );
}
