import { IconDeviceDesktop } from "@tabler/icons-react";
import { useTranslation } from "../../lib/i18n";
import { ConnectScreen } from "./connect-screen";

/** Opened by paths containing `rms-connect/desktop` (SH-START-001). */
export function DesktopScreen() {
  const { t } = useTranslation("startup");
  return <ConnectScreen title={t("connectDesktopTitle")} icon={<IconDeviceDesktop size={20} />} />;
}
