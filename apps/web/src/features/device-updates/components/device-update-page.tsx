import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import { IconDevices, IconX } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "../../../lib/i18n";
import { Link } from "../../../lib/router";
import { buildPath, routeByName } from "@netfleet/contracts/routes";
import type { FileTaskAction } from "@netfleet/contracts/device-protocol";
import { RoutePage } from "../../../components/layout/route-page";
import { openActionStatusDialog } from "../../../components/ui/dialog/action-status-dialog";
import { SchemaForm } from "../../../components/ui/form/schema-form";
import { totalLabel } from "../../../components/ui/list-pager";
import {
  type DeviceSelectionQuery,
  readSelection,
  selectionParams,
} from "../../../lib/selection-query";
import { useUrlParams } from "../../../lib/url-params";
import { useMatchingDevices } from "../api/matching-devices";
import { pendingUpdatesQueryKey } from "../api/pending-updates";
import { deviceUpdateForm } from "../update-form";
import { PendingUpdates } from "./pending-updates";

const devicesRoute = routeByName("management.devices");

/** The device list showing what a filter selection matches. */
function devicesListPath(selection: Extract<DeviceSelectionQuery, { filter: unknown }>) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(selection.filter)) query.set(key, String(value));
  return `${devicesRoute ? buildPath(devicesRoute) : "/management/devices"}?${query.toString()}`;
}

/** What the page was opened with: ticked devices, or every device the list's filters match. */
function SelectionNotice({
  selection,
  onClear,
}: {
  selection: DeviceSelectionQuery;
  onClear: () => void;
}) {
  const { t } = useTranslation("device-updates");
  const matching = useMatchingDevices("filter" in selection ? selection.filter : undefined);
  const title =
    "device_id" in selection ? (
      t("selectedDevices", { count: selection.device_id.length })
    ) : matching.data ? (
      t("matchingDevices", { total: totalLabel(matching.data.total, matching.data.total_capped) })
    ) : (
      <Group gap="xs" component="span">
        {t("matchingDevicesLoading")}
        <Loader size={14} aria-hidden />
      </Group>
    );
  return (
    <Alert color="blue" variant="light" icon={<IconDevices size={18} aria-hidden />} title={title}>
      <Stack gap="xs" align="flex-start">
        {"filter" in selection && (
          <Text size="sm">
            {t("matchingHelp")}{" "}
            <Anchor component={Link} to={devicesListPath(selection)} inherit>
              {t("matchingLink")}
            </Anchor>
          </Text>
        )}
        {matching.isError && (
          <Text size="sm" c="red">
            {t("matchingFailed")}
          </Text>
        )}
        <Text size="sm">{t("selectionHelp")}</Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconX size={14} aria-hidden />}
          onClick={onClear}
        >
          {t("clearSelection")}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * The Update firmware and Upload backup pages: the rollout form, for the devices the page
 * was opened with (`?selection=`: ids, or `all` with the device list's filters) or a tag or
 * company, and the updates still waiting for their device.
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
        selection: selection && "device_id" in selection ? selection.device_id : undefined,
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
            {selection && (
              <SelectionNotice
                selection={selection}
                onClear={() => update(selectionParams(null))}
              />
            )}
            {/* Devices chosen another way are a different form: it starts afresh. */}
            <SchemaForm key={JSON.stringify(selection)} schema={schema} />
          </Stack>
        </Paper>
        <PendingUpdates />
      </Stack>
    </RoutePage>
  );
}
