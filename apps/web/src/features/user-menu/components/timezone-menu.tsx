import { Suspense, useEffect, useMemo, useState } from "react";
import { Box, Menu, Stack, Text } from "@mantine/core";
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
import { lazyPart } from "../../../lib/lazy-part";
import { SubMenuHeader } from "./sub-menu-header";

const TimezoneSelect = lazyPart(() => import("./timezone-select").then((m) => m.TimezoneSelect));

/**
 * Asks for the timezone field's code when the user menu opens: by the time the timezone
 * panel opens it is there, so a Tab from Back reaches the field however quick.
 */
export const preloadTimezoneMenu = TimezoneSelect.preload;

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
        {/* Its height, so that the times below do not move when the field arrives. */}
        <Suspense fallback={<Box h={36} />}>
          <TimezoneSelect zones={zones} value={zone} onChange={choose} />
        </Suspense>
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
