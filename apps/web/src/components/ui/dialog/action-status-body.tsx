import { useEffect, useRef, useState } from "react";
import { Badge, Button, Group, Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import { ACTION_STATUS_EVENT, type ActionStatusUpdate } from "@netfleet/contracts/events";
import { realtime } from "../../../lib/realtime";
import { ActionJob } from "./action-job";
import type { DialogBodyProps } from "./dialog-types";

export interface ActionStatusProps {
  /** The realtime channel the action reports on (the response's `meta.channel`). */
  channel: string;
  /** The table rows the action runs on; with a selection the dialog stays open at the end. */
  selection?: readonly (number | string)[];
  /** The table the selection belongs to. */
  tableRef?: string;
  /** The company the action runs in; sent with the subscription. */
  companyId?: number;
  /** Runs once when the action has finished, successfully or not. */
  onDone?: () => void;
  /** Stays open at the end even without a selection (a rollout's results are read here). */
  keepOpen?: boolean;
}

type Status = ActionStatusUpdate["status"];

const STATUS_COLORS = {
  pending: "gray",
  running: "blue",
  paused: "yellow",
  done: "teal",
  failed: "red",
} as const satisfies Record<Status, string>;
const STATUS_LABELS = {
  pending: "statusPending",
  running: "statusRunning",
  paused: "statusPaused",
  done: "statusDone",
  failed: "statusFailed",
} as const satisfies Record<Status, string>;

function percentOf(update: ActionStatusUpdate): number | undefined {
  if (update.progress !== undefined) return Math.min(100, Math.max(0, update.progress));
  if (update.total)
    return Math.min(100, (((update.done ?? 0) + (update.failed ?? 0)) / update.total) * 100);
  if (update.status === "done") return 100;
  return undefined;
}

/**
 * Follows an action live (FM-SUBMIT-015/016): its channel, the selection, the progress and
 * the latest message. Without a selection it closes itself once the action is done. An
 * action run as a job (the updates name its `job_id`) also shows its devices' steps and
 * the controls of `ActionJob`.
 */
export function ActionStatusBody({
  channel,
  selection,
  tableRef,
  companyId,
  onDone,
  keepOpen = false,
  close,
}: ActionStatusProps & DialogBodyProps) {
  const { t } = useTranslation("dialogs");
  const [update, setUpdate] = useState<ActionStatusUpdate>({ status: "pending" });
  const finished = useRef(false);
  // Updates that leave out the job still belong to it.
  const [jobId, setJobId] = useState<number>();
  const stays = keepOpen || (selection?.length ?? 0) > 0;
  const latest = useRef({ onDone, close, stays });
  useEffect(() => {
    latest.current = { onDone, close, stays };
  });

  // Subscribed while the dialog is open; closing it unsubscribes.
  useEffect(
    () =>
      realtime.subscribe(
        channel,
        {
          [ACTION_STATUS_EVENT]: (next) => {
            setUpdate(next);
            if (next.job_id !== undefined) setJobId(next.job_id);
          },
        },
        companyId === undefined ? undefined : { company_id: companyId },
      ),
    [channel, companyId],
  );

  useEffect(() => {
    if (finished.current || (update.status !== "done" && update.status !== "failed")) return;
    finished.current = true;
    latest.current.onDone?.();
    if (update.status === "done" && !latest.current.stays) latest.current.close();
  }, [update.status]);

  const percent = percentOf(update);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t("channel")}:{" "}
          <Text span ff="monospace">
            {channel}
          </Text>
        </Text>
        <Badge color={STATUS_COLORS[update.status]} variant="light">
          {t(STATUS_LABELS[update.status])}
        </Badge>
      </Group>
      {selection && selection.length > 0 && (
        <Text size="sm">{t("selected", { count: selection.length })}</Text>
      )}
      {tableRef && (
        <Text size="sm" c="dimmed">
          {t("tableRef")}: {tableRef}
        </Text>
      )}
      <Progress
        value={percent ?? 100}
        animated={percent === undefined && update.status !== "failed"}
        striped={percent === undefined}
        color={STATUS_COLORS[update.status]}
        aria-label={t("progress")}
      />
      {update.total !== undefined && (
        <Text size="sm">
          {t("counts", { done: update.done ?? 0, total: update.total, failed: update.failed ?? 0 })}
        </Text>
      )}
      {update.message && (
        <Text size="sm" role="status">
          {update.message}
        </Text>
      )}
      {jobId !== undefined && (
        <ActionJob
          jobId={jobId}
          update={update}
          onStatus={(status) => setUpdate((current) => ({ ...current, status }))}
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          {t("close")}
        </Button>
      </Group>
    </Stack>
  );
}
