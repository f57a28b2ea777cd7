import { useState } from "react";
import { Anchor, Badge, Group, NativeSelect, Text } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import { Link } from "../../../lib/router";
import { STEP_STATES, type StepState } from "@netfleet/contracts/action-jobs";
import { devicePath } from "../../../lib/current-route";
import { PagedTable } from "../paged-table";
import { useActionJobSteps } from "./action-job-api";

const PAGE_SIZE = 10;

const STEP_COLORS: Record<StepState, string> = {
  queued: "gray",
  sending: "blue",
  downloading: "cyan",
  installing: "indigo",
  rebooting: "violet",
  done: "teal",
  failed: "red",
};

const STEP_LABELS = {
  queued: "stepQueued",
  sending: "stepSending",
  downloading: "stepDownloading",
  installing: "stepInstalling",
  rebooting: "stepRebooting",
  done: "stepDone",
  failed: "stepFailed",
} as const satisfies Record<StepState, string>;

const ALL = "all";

/**
 * Where each device of an action is, a page at a time from the server, narrowed to one
 * state if asked. The caller reloads it (by the job's query key) as steps change.
 */
export function ActionJobSteps({ jobId }: { jobId: number }) {
  const { t } = useTranslation("dialogs");
  const [page, setPage] = useState(1);
  const [state, setState] = useState<StepState | undefined>();
  const steps = useActionJobSteps(jobId, {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    state,
  });

  return (
    <>
      <Group justify="space-between" align="flex-end">
        <Text size="sm" fw={600}>
          {t("stepsTitle")}
        </Text>
        <NativeSelect
          size="xs"
          label={t("stepFilter")}
          value={state ?? ALL}
          data={[
            { value: ALL, label: t("stepAll") },
            ...STEP_STATES.map((s) => ({ value: s, label: t(STEP_LABELS[s]) })),
          ]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setState(value === ALL ? undefined : (value as StepState));
            setPage(1);
          }}
        />
      </Group>
      <PagedTable
        label={t("stepsTitle")}
        result={steps}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        minWidth={480}
        errorTitle={t("stepsLoadFailed")}
        emptyText={t("stepsEmpty")}
        columns={[
          {
            id: "device",
            label: t("colDevice"),
            render: (step) => (
              <Anchor component={Link} to={devicePath(step.device_id)} size="sm">
                {step.device_name ?? t("deviceNumber", { id: step.device_id })}
              </Anchor>
            ),
          },
          {
            id: "state",
            label: t("colState"),
            render: (step) => (
              <Badge color={STEP_COLORS[step.state]} variant="light">
                {t(STEP_LABELS[step.state])}
              </Badge>
            ),
          },
          {
            id: "message",
            label: t("colMessage"),
            render: (step) => (
              <Text size="sm" c={step.state === "failed" ? "red" : undefined}>
                {step.message ?? "—"}
              </Text>
            ),
          },
        ]}
      />
    </>
  );
}
