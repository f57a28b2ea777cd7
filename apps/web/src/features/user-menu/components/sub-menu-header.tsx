import { Menu } from "@mantine/core";
import { IconChevronLeft } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";

interface SubMenuHeaderProps {
  title: string;
  onBack: () => void;
}

/** The top of every sub-menu: a Back entry to the main menu, then the sub-menu's name. */
export function SubMenuHeader({ title, onBack }: SubMenuHeaderProps) {
  const { t } = useTranslation("user-menu");
  return (
    <>
      <Menu.Item
        closeMenuOnClick={false}
        leftSection={<IconChevronLeft size={16} aria-hidden />}
        onClick={onBack}
      >
        {t("back")}
      </Menu.Item>
      <Menu.Divider />
      <Menu.Label>{title}</Menu.Label>
    </>
  );
}
