import { IconFolders } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ConnectScreen } from "./connect-screen";

/** Opened by paths containing `rms-connect/sftp` (SH-START-003). */
export function FileTransferScreen() {
  const { t } = useTranslation("startup");
  return <ConnectScreen title={t("connectFileTransferTitle")} icon={<IconFolders size={20} />} />;
}
