import { useState } from "react";
import { ActionIcon, Anchor, Paper, Stack, Text, Title, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import { IconX } from "@tabler/icons-react";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useTranslation, i18n } from "../../../lib/i18n";
import { Link } from "../../../lib/router";
import { type PendingUpdate, UPLOAD_CODES } from "@netfleet/contracts/schemas/device-updates";
import { openPrompt } from "../../../components/ui/dialog/dialog-store";
import { PagedTable } from "../../../components/ui/paged-table";
import { devicePath } from "../../../lib/current-route";
import { toApiRequestError } from "../../../lib/http";
import {
  cancelPendingUpdate,
  pendingUpdatesQueryKey,
  usePendingUpdates,
} from "../api/pending-updates";

const PAGE_SIZE = 10;

function kindLabel(jobType: number): string {
  if (jobType === UPLOAD_CODES.firmware_upload) return i18n.t("device-updates:kindFirmware");
  if (jobType === UPLOAD_CODES.config_upload) return i18n.t("device-updates:kindConfig");
  return i18n.t("device-updates:kindOther");
}

function openCancelUpdate(update: PendingUpdate, queryClient: QueryClient) {
  void openPrompt({
    id: `cancel-pending-update-${update.id}`,
    title: i18n.t("device-updates:cancelTitle"),
    message: i18n.t("device-updates:cancelText", { file: update.name, device: update.serial }),
    confirmText: i18n.t("device-updates:cancelConfirm"),
    cancelText: i18n.t("device-updates:cancelKeep"),
    confirmColor: "red",
    onConfirm: async () => {
      try {
        const message = await cancelPendingUpdate(update);
        notifications.show({
          color: "teal",
          message: message ?? i18n.t("device-updates:cancelled"),
        });
      } catch (error) {
        notifications.show({ color: "red", message: toApiRequestError(error).message });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: pendingUpdatesQueryKey });
    },
  });
}

/**
 * Updates waiting for their device to come online (`offline` rollouts), a page at a time,
 * each of which can be called off.
 */
export function PendingUpdates() {
  const { t } = useTranslation("device-updates");
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const pending = usePendingUpdates({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });

  return (
    <Paper withBorder component="section" aria-labelledby="pending-updates-title">
      <Stack gap={2} p="md">
        <Title order={2} size="h4" id="pending-updates-title">
          {t("pendingTitle")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("pendingText")}
        </Text>
      </Stack>
      <PagedTable
        label={t("pendingTitle")}
        result={pending}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        minWidth={520}
        errorTitle={t("pendingLoadFailed")}
        emptyText={t("pendingEmpty")}
        inset
        columns={[
          {
            id: "device",
            label: t("colDevice"),
            render: (update) => (
              <Anchor component={Link} to={devicePath(update.device_id)} size="sm">
                {update.serial}
              </Anchor>
            ),
          },
          { id: "file", label: t("colFile"), render: (update) => update.name },
          { id: "kind", label: t("colKind"), render: (update) => kindLabel(update.job_type) },
          {
            id: "actions",
            label: t("colActions"),
            render: (update) => (
              <Tooltip label={t("cancelNamed", { device: update.serial })} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t("cancelNamed", { device: update.serial })}
                  onClick={() => openCancelUpdate(update, queryClient)}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Tooltip>
            ),
          },
        ]}
      />
    </Paper>
  );
}
