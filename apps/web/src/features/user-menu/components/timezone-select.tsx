import { Select } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";

interface TimezoneSelectProps {
  zones: string[];
  value: string;
  onChange: (zone: string | null) => void;
}

/** The searchable list of timezones; its module loads when the timezone menu first opens. */
export function TimezoneSelect({ zones, value, onChange }: TimezoneSelectProps) {
  const { t } = useTranslation("user-menu");
  return (
    <Select
      aria-label={t("systemTimezone")}
      placeholder={t("timezoneSearch")}
      data={zones}
      value={value}
      onChange={onChange}
      searchable
      nothingFoundMessage={t("timezoneNothingFound")}
      allowDeselect={false}
      maxDropdownHeight={240}
      // Inside the menu, so that picking an option is not a click outside it; the menu
      // never scrolls away, so the list has no reason to hide.
      comboboxProps={{ withinPortal: false, hideDetached: false }}
    />
  );
}
