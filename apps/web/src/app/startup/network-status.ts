import { useEffect } from "react";
import { notifications } from "@mantine/notifications/store";
import { useTranslation } from "../../lib/i18n";

/**
 * Tells the user when the browser loses and regains the network while the console runs
 * (SH-ERR-011). The loss stays on screen until the network is back.
 */
export function useNetworkStatusToasts(): void {
  const { t } = useTranslation("startup");

  useEffect(() => {
    let lostToast: string | null = null;
    const lost = () => {
      if (lostToast) return;
      lostToast = notifications.show({ color: "red", message: t("networkLost"), autoClose: false });
    };
    const back = () => {
      if (lostToast) notifications.hide(lostToast);
      lostToast = null;
      notifications.show({ color: "teal", message: t("networkBack") });
    };
    window.addEventListener("offline", lost);
    window.addEventListener("online", back);
    return () => {
      window.removeEventListener("offline", lost);
      window.removeEventListener("online", back);
    };
  }, [t]);
}
