import { useEffect, useRef } from "react";
import { Alert, Button, Group, Text } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { notifications } from "@mantine/notifications/store";
import { IconPlayerPause, IconPlayerPlay, IconPlayerStop } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation, i18n } from "../../../lib/i18n";
import type { ActionStatusUpdate } from "@netfleet/contracts/events";
import type { JobStatus } from "@netfleet/contracts/schemas/device-updates";
import { toApiRequestError } from "../../../lib/http";
import { useCan } from "../../../lib/viewer";
import { actionJobKey, cancelActionJob, setActionJobStatus, useActionJob } from "./action-job-api";
import { ActionJobSteps } from "./action-job-steps";
import { openPrompt } from "./dialog-store";

/**
 * A busy rollout reports many steps a second: the table reloads once they pause for this
 * long, and at least this often while they keep coming.
 */
export const STEPS_RELOAD_DELAY_MS = 1000;
const STEPS_RELOAD_MAX_WAIT_MS = 5000;

function showFailure(error: unknown) {
  notifications.show({ color: "red", message: toApiRequestError(error).message });
}

function openCancelPrompt(jobId: number, rollout: boolean, onCancelled: () => void) {
  void openPrompt({
    id: `cancel-action-job-${jobId}`,
    title: i18n.t(rollout ? "dialogs:cancelRolloutTitle" : "dialogs:cancelActionTitle"),
    message: i18n.t("dialogs:cancelJobText"),
    confirmText: i18n.t(rollout ? "dialogs:cancelRollout" : "dialogs:cancelAction"),
    cancelText: i18n.t("dialogs:keepGoing"),
    confirmColor: "red",
    onConfirm: async () => {
      try {
        const message = await cancelActionJob(jobId);
        notifications.show({ color: "teal", message: message ?? i18n.t("dialogs:jobCancelled") });
        onCancelled();
      } catch (error) {
        showFailure(error);
      }
    },
  });
}

interface ActionJobProps {
  jobId: number;
  /** The latest update of the channel: one that names steps reloads the table. */
  update: ActionStatusUpdate;
  /** Pausing or resuming here changes the status before the channel says so. */
  onStatus: (status: JobStatus) => void;
}

/**
 * The part of the Action status dialog for an action the engine runs as a job: why it
 * paused, Pause / Resume / Cancel for users who may update devices, and every device's step.
 */
export function ActionJob({ jobId, update, onStatus }: ActionJobProps) {
  const { t } = useTranslation("dialogs");
  const can = useCan();
  const queryClient = useQueryClient();
  const job = useActionJob(jobId);
  const reload = () => void queryClient.invalidateQueries({ queryKey: actionJobKey(jobId) });
  const reloadSoon = useDebouncedCallback(reload, {
    delay: STEPS_RELOAD_DELAY_MS,
    maxWait: STEPS_RELOAD_MAX_WAIT_MS,
  });
  const status = update.status;

  useEffect(() => {
    if (update.steps?.length) reloadSoon();
  }, [update, reloadSoon]);

  // A new status (paused, with the reason the job gives) shows at once; the first one
  // arrives with the job's own first load.
  const shownStatus = useRef(status);
  useEffect(() => {
    if (shownStatus.current === status) return;
    shownStatus.current = status;
    void queryClient.invalidateQueries({ queryKey: actionJobKey(jobId), exact: true });
  }, [status, jobId, queryClient]);

  const change = useMutation({
    mutationFn: (next: "paused" | "running") => setActionJobStatus(jobId, next),
    onSuccess: (answer) => {
      queryClient.setQueryData(actionJobKey(jobId), answer);
      shownStatus.current = answer.status;
      onStatus(answer.status);
    },
    onError: showFailure,
  });

  const rollout = job.data?.plan != null;
  const controls = can("update_devices") && (status === "running" || status === "paused");
  const plan = job.data?.plan;

  return (
    <>
      {plan && (
        <Text size="sm" c="dimmed">
          {t("jobFile", { name: plan.file_name })} ·{" "}
          {plan.wave === 0 ? t("jobCanary") : t("jobWave", { wave: plan.wave })}
        </Text>
      )}
      {status === "paused" && (
        <Alert color="yellow" variant="light" title={t("pausedTitle")}>
          {job.data?.paused_reason ?? t("pausedText")}
        </Alert>
      )}
      {controls && (
        <Group gap="xs">
          <Button
            size="xs"
            variant={status === "running" ? "default" : "filled"}
            leftSection={
              status === "running" ? (
                <IconPlayerPause size={14} aria-hidden />
              ) : (
                <IconPlayerPlay size={14} aria-hidden />
              )
            }
            loading={change.isPending}
            onClick={() => change.mutate(status === "running" ? "paused" : "running")}
          >
            {t(status === "running" ? "pause" : "resume")}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconPlayerStop size={14} aria-hidden />}
            onClick={() => openCancelPrompt(jobId, rollout, reload)}
          >
            {t(rollout ? "cancelRollout" : "cancelAction")}
          </Button>
        </Group>
      )}
      <ActionJobSteps jobId={jobId} />
    </>
  );
}
