import { Button, Text } from "@mantine/core";
import { IconBug } from "@tabler/icons-react";
import { useTranslation } from "../../lib/i18n";
import { FullPageLoader } from "../../components/layout/full-page-loader";
import { NoticeScreen } from "../../components/screens/notice-screen";
import { DocumentRouter } from "./document-router";
import { browserLocation } from "../../lib/browser-location";

/** The console could not start because of a defect; the details went to the console log. */
export function CrashScreen({ reloading = false }: { reloading?: boolean }) {
  const { t } = useTranslation("startup");
  if (reloading) return <FullPageLoader label={t("updating")} />;
  return (
    <DocumentRouter>
      <NoticeScreen
        title={t("crashTitle")}
        icon={<IconBug size={20} />}
        color="red"
        actions={<Button onClick={() => browserLocation.reload()}>{t("retry")}</Button>}
      >
        <Text size="sm">{t("crashMessage")}</Text>
      </NoticeScreen>
    </DocumentRouter>
  );
}
