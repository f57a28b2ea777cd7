import { Button, Text } from "@mantine/core";
import { IconMapPinOff } from "@tabler/icons-react";
import { useTranslation } from "../../lib/i18n";
import { Link } from "../../lib/router";
import { DEFAULT_LANDING_PAGE } from "@netfleet/contracts/constants";
import { NoticeScreen } from "../../components/screens/notice-screen";

/** `/404`: a standalone page, open to anyone. */
export function Component() {
  const { t } = useTranslation("startup");
  return (
    <NoticeScreen
      title={t("notFoundTitle")}
      icon={<IconMapPinOff size={20} />}
      color="gray"
      actions={
        <Button component={Link} to={DEFAULT_LANDING_PAGE}>
          {t("notFoundHome")}
        </Button>
      }
    >
      <Text size="sm">{t("notFoundMessage")}</Text>
    </NoticeScreen>
  );
}
