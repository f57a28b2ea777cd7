import { IconTerminal2 } from "@tabler/icons-react";
import { useTranslation } from "../../lib/i18n";
import { ConnectScreen } from "./connect-screen";

/** Opened by paths containing `rms-connect/ssh` or `rms-connect/telnet` (SH-START-002). */
export function ConsoleScreen() {
  const { t } = useTranslation("startup");
  const telnet = window.location.pathname.includes("rms-connect/telnet");
  return (
    <ConnectScreen
      title={telnet ? t("connectTelnetTitle") : t("connectSshTitle")}
      icon={<IconTerminal2 size={20} />}
    />
  );
}
