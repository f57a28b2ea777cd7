import { Suspense, useState } from "react";
import { Anchor, Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import {
  IconArrowsExchange,
  IconCloudDownload,
  IconFileImport,
  IconRefresh,
  IconTags,
  IconTrash,
  IconX,
} from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "../../../lib/i18n";
import { Link } from "../../../lib/router";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { openActionStatusDialog } from "../../../components/ui/dialog/action-status-dialog";
import { toApiRequestError } from "../../../lib/http";
import { selectionPath } from "../../../lib/selection-query";
import { lazyPart } from "../../../lib/lazy-part";
import { useCan } from "../../../lib/viewer";
import { type BulkAction, type BulkSelection, runBulkAction } from "../api/bulk-actions";
import { devicesListQueryKey } from "../api/list-devices";

type Step = "tags" | "move" | "reboot" | "delete" | null;

const ChoiceModal = lazyPart(() => import("./bulk-choice-modal").then((m) => m.ChoiceModal));

/** The pages ticked devices can be taken to, named by their routes' titles. */
const UPDATE_PAGES = [
  ["management.update-firmware", IconCloudDownload],
  ["management.upload-backup", IconFileImport],
] as const;

/**
 * What the ticked devices can be put through: tags, a move, a reboot, deletion. Past the
 * ticked page it offers every device the list's filters match, which the server selects
 * itself. Each action runs on the server's engine and is followed in the Action status
 * dialog. Ticked devices can also be taken to the Update firmware and Upload backup pages,
 * whose `selection` query names devices by id only.
 */
export function BulkBar({
  selection,
  count,
  offerAll,
  onSelectAll,
  onClear,
  canDelete,
}: {
  selection: BulkSelection;
  /** How many devices the selection holds, as shown ("10 000+" past the count cap). */
  count: string;
  /** The whole page is ticked and more devices match: "Select all N matching". */
  offerAll: string | null;
  onSelectAll: () => void;
  onClear: () => void;
  canDelete: boolean;
}) {
  const { t } = useTranslation("devices");
  const { t: tr } = useTranslation("routes");
  const can = useCan();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>(null);
  const run = useMutation({
    mutationFn: (action: BulkAction) => runBulkAction(action, selection),
  });
  const allMatching = "filter" in selection;

  const apply = (action: BulkAction) =>
    run.mutate(action, {
      onSuccess: (channel) => {
        setStep(null);
        onClear();
        // The list and its charts both change.
        const reload = () =>
          void queryClient.invalidateQueries({ queryKey: [devicesListQueryKey[0]] });
        // Ticked devices stay listed in the dialog, which then stays open when done; a
        // filter-wide action's dialog closes itself once done.
        openActionStatusDialog({
          channel,
          onDone: reload,
          ...("device_id" in selection ? { selection: selection.device_id } : {}),
        });
      },
      onError: (error) => {
        setStep(null);
        notifications.show({ color: "red", message: toApiRequestError(error).message });
      },
    });

  return (
    <Group
      role="toolbar"
      aria-label={t("bulkBar")}
      px="md"
      py="xs"
      gap="sm"
      justify="space-between"
      bg="var(--mantine-color-default-hover)"
    >
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {allMatching ? t("bulkAllMatching", { n: count }) : t("bulkSelected", { n: count })}
        </Text>
        {offerAll && !allMatching && (
          <Text size="sm">
            {t("bulkAllPage")}{" "}
            <Anchor component="button" type="button" size="sm" onClick={onSelectAll}>
              {t("bulkSelectAll", { n: offerAll })}
            </Anchor>
          </Text>
        )}
      </Group>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconTags size={14} aria-hidden />}
          onClick={() => setStep("tags")}
        >
          {t("bulkTags")}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArrowsExchange size={14} aria-hidden />}
          onClick={() => setStep("move")}
        >
          {t("bulkMove")}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => setStep("reboot")}
        >
          {t("bulkReboot")}
        </Button>
        {can("update_devices") &&
          UPDATE_PAGES.map(([route, Icon]) => (
            <Button
              key={route}
              size="xs"
              variant="default"
              component={Link}
              to={selectionPath(route, selection)}
              leftSection={<Icon size={14} aria-hidden />}
            >
              {tr(route)}
            </Button>
          ))}
        {canDelete && (
          <Button
            size="xs"
            variant="default"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => setStep("delete")}
          >
            {t("bulkDelete")}
          </Button>
        )}
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconX size={14} aria-hidden />}
          onClick={onClear}
        >
          {t("bulkClear")}
        </Button>
      </Group>

      {(step === "tags" || step === "move") && (
        <Suspense fallback={null}>
          <ChoiceModal
            step={step}
            title={t(step === "tags" ? "bulkTagsTitle" : "bulkMoveTitle", { n: count })}
            loading={run.isPending}
            onApply={apply}
            onCancel={() => setStep(null)}
          />
        </Suspense>
      )}
      <ConfirmModal
        opened={step === "reboot" || step === "delete"}
        title={t(step === "delete" ? "bulkDeleteTitle" : "bulkRebootTitle", { n: count })}
        confirmLabel={t(step === "delete" ? "bulkDelete" : "bulkReboot")}
        danger={step === "delete"}
        loading={run.isPending}
        onConfirm={() => apply({ kind: step === "delete" ? "delete" : "reboot" })}
        onCancel={() => setStep(null)}
      >
        {t(step === "delete" ? "bulkDeleteText" : "bulkRebootText")}
      </ConfirmModal>
    </Group>
  );
}
