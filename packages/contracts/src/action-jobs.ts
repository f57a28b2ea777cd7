/** How an action stands as a whole: `paused` until someone resumes it. */
export const JOB_STATUSES = ["running", "paused", "done", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Where one device's step is: `queued` (not yet run: a later wave, outside its window, or
 * waiting for the device to come online), `sending` (asked, no word back yet), then what
 * the device says (`downloading`, `installing`, `rebooting`), and how it ended.
 */
export const STEP_STATES = [
  "queued",
  "sending",
  "downloading",
  "installing",
  "rebooting",
  "done",
  "failed",
] as const;
export type StepState = (typeof STEP_STATES)[number];
