import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ActionStatusUpdate } from "@netfleet/contracts/events";
import type { Job, JobStep } from "@netfleet/contracts/schemas/device-updates";
import { type ChannelHandlers, realtime } from "../../../lib/realtime";
import { CURRENT_USER_KEY } from "../../../lib/viewer";
import { fakeApi, success, type FakeRequest } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { testUser } from "../../../test/users";
import { STEPS_RELOAD_DELAY_MS } from "./action-job";
import {
  type ActionStatusOptions,
  actionStatusDialogId,
  openActionStatusDialog,
} from "./action-status-dialog";
import { DialogHost } from "./dialog-host";
import { closeAllDialogs, dialogEntry } from "./dialog-store";
import { forgetReminders } from "./reminders";

const unsubscribe = vi.fn();
vi.mock("../../../lib/realtime", () => ({ realtime: { subscribe: vi.fn() } }));

afterEach(() => {
  act(() => closeAllDialogs());
  forgetReminders();
  vi.mocked(realtime.subscribe).mockReset();
  unsubscribe.mockReset();
});

function listen() {
  const handlers: ChannelHandlers[] = [];
  vi.mocked(realtime.subscribe).mockImplementation((_channel, h) => {
    handlers.push(h);
    return unsubscribe;
  });
  return (update: ActionStatusUpdate) =>
    act(() => {
      for (const h of handlers) {
        (
          h as Record<string, ((data: ActionStatusUpdate) => void) | undefined>
        ).ActionStatusUpdated?.(update);
      }
    });
}

/** Opens the dialog and waits for its body, whose code loads when a dialog first needs it. */
async function openStatus(options: ActionStatusOptions) {
  act(() => openActionStatusDialog(options));
  await screen.findByText(options.channel);
}

function renderHost() {
  fakeApi().on("GET", "/api/storage", success([], { meta: { total: 0 } }));
  return renderPage(<DialogHost />);
}

describe("the action status dialog", () => {
  it("FM-SUBMIT-015 shows the channel, the selection, the table and the progress, subscribed with the company", async () => {
    const push = listen();
    renderHost();
    await openStatus({
      channel: "action.42",
      selection: [1, 2, 3],
      tableRef: "devices",
      companyId: 7,
    });
    expect(realtime.subscribe).toHaveBeenCalledWith("action.42", expect.any(Object), {
      company_id: 7,
    });
    const dialog = screen.getByRole("dialog", { name: "Action status" });
    expect(within(dialog).getByText("action.42")).toBeVisible();
    expect(within(dialog).getByText("Selected items: 3")).toBeVisible();
    expect(within(dialog).getByText("Table: devices")).toBeVisible();
    expect(within(dialog).getByText("Waiting to start")).toBeVisible();

    push({ status: "running", done: 1, failed: 0, total: 3, message: "Rebooting RUT-1" });
    expect(within(dialog).getByText("In progress")).toBeVisible();
    expect(within(dialog).getByText("1 of 3 done, 0 failed")).toBeVisible();
    expect(within(dialog).getByText("Rebooting RUT-1")).toBeVisible();
  });

  it("FM-SUBMIT-016 without a selection it closes itself once the action is done", async () => {
    const push = listen();
    const onDone = vi.fn();
    const onClose = vi.fn();
    renderHost();
    await openStatus({ channel: "action.1", onDone, onClose });
    expect(dialogEntry(actionStatusDialogId("action.1"))).toBeDefined();

    push({ status: "done", progress: 100 });
    expect(onDone).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
    expect(dialogEntry(actionStatusDialogId("action.1"))).toBeUndefined();
    expect(unsubscribe).toHaveBeenCalled();
  });

  it("FM-SUBMIT-016 with a selection it stays open at the end, with a Close button", async () => {
    const push = listen();
    const onDone = vi.fn();
    const { user } = renderHost();
    await openStatus({ channel: "action.2", selection: [5], onDone });

    push({ status: "done", done: 1, total: 1 });
    expect(onDone).toHaveBeenCalledOnce();
    const dialog = screen.getByRole("dialog", { name: "Action status" });
    expect(within(dialog).getByText("Completed")).toBeVisible();

    await user.click(within(dialog).getAllByRole("button", { name: "Close" }).at(-1)!);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(unsubscribe).toHaveBeenCalled();
  });

  it("a failed action stays open and says so", async () => {
    const push = listen();
    renderHost();
    await openStatus({ channel: "action.3" });
    push({ status: "failed", message: "Device offline" });
    const dialog = screen.getByRole("dialog", { name: "Action status" });
    expect(within(dialog).getByText("Failed")).toBeVisible();
    expect(within(dialog).getByText("Device offline")).toBeVisible();
  });
});

function job(overrides: Partial<Job> = {}): Job {
  return {
    id: 9,
    action: "firmware_upload",
    label: "Update firmware",
    status: "running",
    total: 20,
    done: 5,
    failed: 1,
    remaining: 14,
    plan: {
      canary_percent: 10,
      failure_threshold: 10,
      window: null,
      wave: 1,
      file_name: "RUTX_R_00.07.10.bin",
    },
    paused_reason: null,
    created_at: "2026-03-01T10:00:00Z",
    finished_at: null,
    ...overrides,
  };
}

function step(device_id: number, state: JobStep["state"], message: string | null = null): JobStep {
  return {
    device_id,
    device_name: `Router ${device_id}`,
    state,
    wave: 1,
    message,
    finished_at: null,
  };
}

/** The job's routes as the server answers them; `steps` may change between calls. */
function jobApi(answer: Job, steps: { current: JobStep[] }) {
  const api = fakeApi()
    .on("GET", "/api/storage", success([], { meta: { total: 0 } }))
    .on("GET", "/api/devices/actions/jobs/9", () => success(answer))
    .on("GET", "/api/devices/actions/jobs/9/steps", (request: FakeRequest) => {
      const state = request.query.get("state");
      const rows = steps.current.filter((s) => !state || s.state === state);
      return success(rows, { meta: { total: rows.length } });
    });
  return api;
}

function renderJobHost(permissions = ["view_devices", "update_devices"]) {
  const rendered = renderPage(<DialogHost />);
  rendered.queryClient.setQueryData(CURRENT_USER_KEY, testUser({ permissions }));
  return rendered;
}

describe("the action status dialog of a rollout", () => {
  it("shows a paused rollout with the reason it gives, and Resume sends PUT with running", async () => {
    const push = listen();
    const api = jobApi(
      job({ status: "paused", paused_reason: "3 of 20 devices failed, above the 10% threshold" }),
      { current: [] },
    ).on("PUT", "/api/devices/actions/jobs/9", success(job({ status: "running" })));
    const { user } = renderJobHost();
    await openStatus({ channel: "action.9" });
    push({ status: "paused", job_id: 9, done: 5, failed: 3, total: 20 });

    const dialog = screen.getByRole("dialog", { name: "Action status" });
    expect(await within(dialog).findByText(/above the 10% threshold/)).toBeVisible();
    expect(within(dialog).getAllByText("Paused").length).toBeGreaterThan(0);
    expect(within(dialog).getByText(/File: RUTX_R_00\.07\.10\.bin/)).toBeVisible();
    expect(within(dialog).queryByRole("button", { name: "Pause" })).toBeNull();

    await user.click(within(dialog).getByRole("button", { name: "Resume" }));
    await waitFor(() => expect(api.calls("PUT", "/api/devices/actions/jobs/9")).toHaveLength(1));
    expect(api.calls("PUT", "/api/devices/actions/jobs/9")[0]?.body).toEqual({
      status: "running",
    });
    expect(await within(dialog).findByText("In progress")).toBeVisible();
    expect(within(dialog).getByRole("button", { name: "Pause" })).toBeVisible();
    expect(within(dialog).queryByText(/above the 10% threshold/)).toBeNull();
  });

  it("asks before cancelling the rollout, then posts the job's id", async () => {
    const push = listen();
    const api = jobApi(job(), { current: [] }).on(
      "POST",
      "/api/devices/actions/cancel",
      success(undefined, { message: "14 steps cancelled" }),
    );
    const { user } = renderJobHost();
    await openStatus({ channel: "action.9" });
    push({ status: "running", job_id: 9 });
    const dialog = screen.getByRole("dialog", { name: "Action status" });

    await user.click(await within(dialog).findByRole("button", { name: "Cancel rollout" }));
    const prompt = await screen.findByRole("dialog", { name: "Cancel the rollout?" });
    await user.click(within(prompt).getByRole("button", { name: "Keep going" }));
    expect(screen.queryByRole("dialog", { name: "Cancel the rollout?" })).toBeNull();
    expect(api.calls("POST", "/api/devices/actions/cancel")).toHaveLength(0);

    await user.click(within(dialog).getByRole("button", { name: "Cancel rollout" }));
    const again = await screen.findByRole("dialog", { name: "Cancel the rollout?" });
    await user.click(within(again).getByRole("button", { name: "Cancel rollout" }));
    await waitFor(() => expect(api.calls("POST", "/api/devices/actions/cancel")).toHaveLength(1));
    expect(api.calls("POST", "/api/devices/actions/cancel")[0]?.body).toEqual({ job_id: [9] });
    expect(await screen.findByText("14 steps cancelled")).toBeVisible();
  });

  it("offers no controls to a user who may not update devices", async () => {
    const push = listen();
    jobApi(job(), { current: [step(1, "installing")] });
    renderJobHost(["view_devices"]);
    await openStatus({ channel: "action.9" });
    push({ status: "running", job_id: 9 });
    const dialog = screen.getByRole("dialog", { name: "Action status" });
    expect(await within(dialog).findByText("Installing")).toBeVisible();
    expect(within(dialog).queryByRole("button", { name: "Pause" })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "Cancel rollout" })).toBeNull();
  });

  it("lists each device's step, filters by state, and reloads once after a burst of step updates", async () => {
    const push = listen();
    const steps = { current: [step(1, "installing"), step(2, "failed", "Signature mismatch")] };
    const api = jobApi(job(), steps);
    const { user } = renderJobHost();
    await openStatus({ channel: "action.9" });
    push({ status: "running", job_id: 9 });
    const dialog = screen.getByRole("dialog", { name: "Action status" });

    const table = await within(dialog).findByRole("table", { name: "Devices" });
    const first = (await within(table).findByText("Router 1")).closest("tr")!;
    expect(within(first).getByRole("link", { name: "Router 1" })).toHaveAttribute(
      "href",
      "/devices/1",
    );
    expect(within(first).getByText("Installing")).toBeVisible();
    const second = within(table).getByText("Router 2").closest("tr")!;
    expect(within(second).getByText("Failed")).toBeVisible();
    expect(within(second).getByText("Signature mismatch")).toBeVisible();

    const loads = () => api.calls("GET", "/api/devices/actions/jobs/9/steps").length;
    const before = loads();
    steps.current = [step(1, "done"), step(2, "failed", "Signature mismatch")];
    for (const state of ["rebooting", "rebooting", "done"]) {
      push({ status: "running", job_id: 9, steps: [{ device_id: 1, state, message: null }] });
    }
    expect(loads()).toBe(before);
    await waitFor(() => expect(within(first).getByText("Done")).toBeVisible(), {
      timeout: STEPS_RELOAD_DELAY_MS * 3,
    });
    expect(loads()).toBe(before + 1);

    await user.selectOptions(within(dialog).getByRole("combobox", { name: "State" }), "failed");
    await waitFor(() => expect(within(table).queryByText("Router 1")).toBeNull());
    expect(api.calls("GET", "/api/devices/actions/jobs/9/steps").at(-1)?.query.get("state")).toBe(
      "failed",
    );
    expect(within(table).getByText("Router 2")).toBeVisible();
  });
});
