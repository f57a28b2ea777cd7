import { Alert, Button, Paper, Stack, Text } from "@mantine/core";
import { IconDevices, IconX } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { FileTaskAction } from "@netfleet/contracts/device-protocol";
import { RoutePage } from "../../../components/layout/route-page";
import { openActionStatusDialog } from "../../../components/ui/dialog/action-status-dialog";
import { SchemaForm } from "../../../components/ui/form/schema-form";
import { SELECTION_PARAM, readSelection } from "../../../lib/selection-query";
import { useUrlParams } from "../../../lib/url-params";
import { pendingUpdatesQueryKey } from "../api/pending-updates";
import { deviceUpdateForm } from "../update-form";
import { PendingUpdates } from "./pending-updates";

/**
 * The Update firmware and Upload backup pages: the rollout form, for the devices the page
 * was opened with (`?selection=`) or a tag or company, and the updates still waiting for
 * their device.
 */
export function DeviceUpdatePage({ action }: { action: FileTaskAction }) {
  const { t } = useTranslation("device-updates");
  const queryClient = useQueryClient();
  const [params, update] = useUrlParams();
  const selection = readSelection(params);
  const reloadPending = () =>
    void queryClient.invalidateQueries({ queryKey: pendingUpdatesQueryKey });

  const schema = deviceUpdateForm({
    action,
    selection,
    onChannel: (channel) => {
      reloadPending();
      openActionStatusDialog({
        channel,
        selection: selection.length > 0 ? selection : undefined,
        keepOpen: true,
        onDone: reloadPending,
      });
    },
  });

  return (
    <RoutePage description={t(action === "firmware_upload" ? "introFirmware" : "introConfig")}>
      <Stack gap="lg" maw={720}>
        <Paper withBorder p={{ base: "md", sm: "lg" }}>
          <Stack gap="md">
            {selection.length > 0 && (
              <Alert
                color="blue"
                variant="light"
                icon={<IconDevices size={18} aria-hidden />}
                title={t("selectedDevices", { count: selection.length })}
              >
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{t("selectionHelp")}</Text>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconX size={14} aria-hidden />}
                    onClick={() => update({ [SELECTION_PARAM]: null })}
                  >
                    {t("clearSelection")}
                  </Button>
                </Stack>
              </Alert>
            )}
            {/* Devices chosen another way are a different form: it starts afresh. */}
            <SchemaForm key={selection.join(",")} schema={schema} />
          </Stack>
        </Paper>
        <PendingUpdates />
      </Stack>
    </RoutePage>
  );
}
