import { useState } from "react";
import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import { IconRefresh } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "../../../../lib/i18n";
import { hasPermission } from "@netfleet/contracts/permissions";
import type { DeviceDetail } from "@netfleet/contracts/schemas/device-page";
import { ConfirmModal } from "../../../../components/ui/confirm-modal";
import { openActionStatusDialog } from "../../../../components/ui/dialog/action-status-dialog";
import { toApiRequestError } from "../../../../lib/http";
import { useSignedInUser } from "../../../../lib/viewer";
import { deviceLogsQueryKey } from "../api/list-device-logs";
import { useRebootDevice } from "../api/reboot-device";

/** The permission `POST /api/devices/actions` requires. */
export const REBOOT_PERMISSION = "update_devices";

/**
 * Reboots the device after asking, then follows the task in the Action status dialog. Only
 * users who may run device actions see it.
 */
export function RebootButton({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation("device-page");
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const reboot = useRebootDevice();
  const [confirming, setConfirming] = useState(false);
  if (!user || !hasPermission(user.permissions, REBOOT_PERMISSION)) return null;

  const reloadActivity = () =>
    void queryClient.invalidateQueries({ queryKey: deviceLogsQueryKey(device.id) });

  const confirm = () =>
    reboot.mutate(device.id, {
      onSuccess: (channel) => {
        setConfirming(false);
        reloadActivity();
        // The request lands in the activity once the task is started, which may come after
        // this answer: the activity is read again when the action ends and when the dialog
        // is closed before that.
        openActionStatusDialog({ channel, onDone: reloadActivity, onClose: reloadActivity });
      },
      onError: (error) => {
        setConfirming(false);
        notifications.show({ color: "red", message: toApiRequestError(error).message });
      },
    });

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} aria-hidden />}
        onClick={() => setConfirming(true)}
        loading={reboot.isPending}
      >
        {t("reboot")}
      </Button>
      <ConfirmModal
        opened={confirming}
        title={t("rebootTitle")}
        confirmLabel={t("reboot")}
        danger
        loading={reboot.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        {t("rebootText", { name: device.name })}
      </ConfirmModal>
    </>
  );
}
