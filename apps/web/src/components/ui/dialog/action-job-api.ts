import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import type {
  Job,
  JobStatus,
  JobStep,
  StepState,
} from "@netfleet/contracts/schemas/device-updates";
import { http } from "../../../lib/http";

/** Prefix of everything cached about one action: its job and every page of its steps. */
export function actionJobKey(jobId: number) {
  return ["action-jobs", jobId] as const;
}

export function useActionJob(jobId: number) {
  return useQuery({
    queryKey: actionJobKey(jobId),
    queryFn: async ({ signal }) =>
      (await http.get<{ data: Job }>(`/api/devices/actions/jobs/${jobId}`, { signal })).data.data,
  });
}

export interface JobStepsParams {
  limit: number;
  offset: number;
  state?: StepState;
}

export function useActionJobSteps(jobId: number, params: JobStepsParams) {
  return useQuery({
    queryKey: [...actionJobKey(jobId), "steps", params],
    queryFn: async ({ signal }) =>
      (
        await http.get<ListEnvelope<JobStep>>(`/api/devices/actions/jobs/${jobId}/steps`, {
          params,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    // A device has one step per action: it keys the rows.
    select: (page) => ({
      ...page,
      data: page.data.map((step) => ({ ...step, id: step.device_id })),
    }),
  });
}

/** Pauses a running action or resumes a paused one; answers the job as it now stands. */
export async function setActionJobStatus(
  jobId: number,
  status: Extract<JobStatus, "paused" | "running">,
): Promise<Job> {
  return (await http.put<{ data: Job }>(`/api/devices/actions/jobs/${jobId}`, { status })).data
    .data;
}

/** Cancels what is left of an action; answers the server's message. */
export async function cancelActionJob(jobId: number): Promise<string | undefined> {
  return (await http.post<{ message?: string }>("/api/devices/actions/cancel", { job_id: [jobId] }))
    .data.message;
}
