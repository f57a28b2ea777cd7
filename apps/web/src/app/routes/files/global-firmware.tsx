import { useTranslation } from "../../../lib/i18n";
import { RoutePage } from "../../../components/layout/route-page";
import { UploadFileButton } from "../../../features/files/components/file-actions";
import { GlobalFirmwareList } from "../../../features/files/components/files-list";

export function Component() {
  const { t } = useTranslation("files");
  return (
    <RoutePage actions={<UploadFileButton global />} description={t("globalDescription")}>
      <GlobalFirmwareList />
    </RoutePage>
  );
}
