import { IconFolders } from "@tabler/icons-react";
import { useTranslation } from "../../lib/i18n";
import { ConnectScreen } from "./connect-screen";

/** Opened by paths containing `rms-connect/sftp` (SH-START-003). */
export function FileTransferScreen() {
  const { t } = useTranslation("startup");
  return <ConnectScreen title={t("connectFileTransferTitle")} icon={<IconFolders size={20} />} />;
}
