import type { ReactNode } from "react";
import { act, renderHook } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, useLocation } from "../../../lib/router";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { setMfaHandler } from "../../../lib/confirmations";
import { type FakeReply, deferred, failure, fakeApi, success } from "../../../test/fake-api";
import { openActionStatusDialog } from "../dialog/action-status-dialog";
import { openErrorDialog } from "../dialog/error-dialog";
import type { FormSchema, FormValues } from "./form-types";
import { type FormSubmitOptions, RELOAD_DATA_EVENT, useFormSubmit } from "./use-form-submit";

vi.mock("../dialog/action-status-dialog", () => ({ openActionStatusDialog: vi.fn() }));
vi.mock("../dialog/error-dialog", () => ({ openErrorDialog: vi.fn() }));

let toast: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  toast = vi.spyOn(notifications, "show").mockImplementation(() => "toast");
});
afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const SCHEMA: FormSchema = { endpoint: "/api/tags", fields: [{ key: "name" }] };

function dialogProps() {
  return { dialogId: "new-tag", close: vi.fn(), scrollToTop: vi.fn() };
}

function setup(schema: Partial<FormSchema>, options: FormSubmitOptions = {}, entries = ["/"]) {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, "invalidateQueries");
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        {children}
      </MemoryRouter>
    </QueryClientProvider>
  );
  const hook = renderHook(
    () => ({ form: useFormSubmit({ ...SCHEMA, ...schema }, options), location: useLocation() }),
    { wrapper },
  );
  const submit = (values: FormValues = { name: "Lab" }) =>
    act(() => hook.result.current.form.submit(values));
  return { hook, submit, invalidate };
}

function onTags(reply: FakeReply | (() => FakeReply | Promise<FakeReply>)) {
  return fakeApi().on("POST", "/api/tags", reply);
}

describe("the submit cycle", () => {
  it("FM-SUBMIT-001 goes from idle to waiting to success, or to error", async () => {
    const answer = deferred<FakeReply>();
    onTags(() => answer.promise);
    const { hook, submit } = setup({});
    expect(hook.result.current.form.state).toBe("idle");

    let done!: Promise<void>;
    act(() => {
      done = hook.result.current.form.submit({ name: "Lab" });
    });
    expect(hook.result.current.form.state).toBe("waiting");
    answer.resolve(success({ id: 1 }));
    await act(() => done);
    expect(hook.result.current.form.state).toBe("success");

    onTags(failure(409, "CONFLICT", "Exists"));
    await submit();
    expect(hook.result.current.form.state).toBe("error");
  });

  it("FM-SUBMIT-002 a second submit while waiting is ignored", async () => {
    const answer = deferred<FakeReply>();
    const api = onTags(() => answer.promise);
    const { hook } = setup({});

    let first!: Promise<void>;
    act(() => {
      first = hook.result.current.form.submit({ name: "Lab" });
      void hook.result.current.form.submit({ name: "Lab" });
    });
    answer.resolve(success({ id: 1 }));
    await act(() => first);

    expect(api.calls("POST", "/api/tags")).toHaveLength(1);
  });

  it("FM-SUBMIT-003 the toast shows the custom success message", async () => {
    onTags(success({ id: 1 }, { message: "Tag created" }));
    await setup({ successMessage: "Your tag is ready" }).submit();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: "Your tag is ready" }));
  });

  it("FM-SUBMIT-004 without a custom message the toast shows the server's message", async () => {
    onTags(success({ id: 1 }, { message: "Tag Lab created" }));
    await setup({}).submit();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: "Tag Lab created" }));
  });

  it("FM-ERR-017 without any message the toast uses the generic success text", async () => {
    onTags(success({ id: 1 }));
    await setup({ item: "tag", verb: "create" }).submit();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ message: "Tag created successfully" }),
    );
  });

  it("FM-SUBMIT-005 no success toast when messages are hidden", async () => {
    onTags(success({ id: 1 }, { message: "Tag created" }));
    await setup({ hideMessages: true }).submit();
    expect(toast).not.toHaveBeenCalled();
  });

  it("FM-SUBMIT-006 the dialog closes on success unless it stays open", async () => {
    onTags(success({ id: 1 }));
    const dialog = dialogProps();
    await setup({}, { dialog }).submit();
    expect(dialog.close).toHaveBeenCalledTimes(1);

    const staying = dialogProps();
    await setup({ stayOpen: true }, { dialog: staying }).submit();
    expect(staying.close).not.toHaveBeenCalled();
  });

  it("FM-SUBMIT-007 FM-SUBMIT-008 stores the response and runs the success callback", async () => {
    onTags(success({ id: 7 }, { message: "Created" }));
    const onSuccess = vi.fn();
    const { hook, submit } = setup({ onSuccess });

    await submit({ name: "Lab" });

    const stored = { data: { id: 7 }, message: "Created", meta: undefined };
    expect(hook.result.current.form.response).toEqual(stored);
    expect(onSuccess).toHaveBeenCalledWith(stored, { name: "Lab" });
  });

  it("FM-SUBMIT-009 on the form route success goes back one step", async () => {
    onTags(success({ id: 1 }));
    const { hook, submit, invalidate } = setup({ reloadQueryKey: ["tags"] }, { onRoute: true }, [
      "/tags",
      "/forms/new-tag",
    ]);
    await submit();
    expect(hook.result.current.location.pathname).toBe("/tags");
    expect(invalidate).not.toHaveBeenCalled();
  });

  it("FM-SUBMIT-010 on the form route skipNavigation stays", async () => {
    onTags(success({ id: 1 }));
    const { hook, submit } = setup({ skipNavigation: true }, { onRoute: true }, [
      "/tags",
      "/forms/new-tag",
    ]);
    await submit();
    expect(hook.result.current.location.pathname).toBe("/forms/new-tag");
  });

  it("FM-SUBMIT-011 reloads the table by its query key, else emits reload-data", async () => {
    onTags(success({ id: 1 }));
    const keyed = setup({ reloadQueryKey: ["tags", "list"] });
    await keyed.submit();
    expect(keyed.invalidate).toHaveBeenCalledWith({ queryKey: ["tags", "list"] });

    const heard = vi.fn();
    window.addEventListener(RELOAD_DATA_EVENT, heard);
    onTestFinished(() => window.removeEventListener(RELOAD_DATA_EVENT, heard));
    await setup({}).submit();
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("FM-SUBMIT-012 neither reloads nor emits reload-data when reload is false", async () => {
    onTags(success({ id: 1 }));
    const heard = vi.fn();
    window.addEventListener(RELOAD_DATA_EVENT, heard);
    onTestFinished(() => window.removeEventListener(RELOAD_DATA_EVENT, heard));
    const keyed = setup({ reload: false, reloadQueryKey: ["tags"] });
    await keyed.submit();
    await setup({ reload: false }).submit();
    expect(keyed.invalidate).not.toHaveBeenCalled();
    expect(heard).not.toHaveBeenCalled();
  });

  it("FM-SUBMIT-013 an action channel closes the dialog and opens Action status", async () => {
    onTags(success(null, { meta: { channel: "action.42" } }));
    const dialog = dialogProps();
    await setup({ selection: [3, 4], tableRef: "devices" }, { dialog }).submit({ company_id: 9 });
    expect(dialog.close).toHaveBeenCalled();
    expect(openActionStatusDialog).toHaveBeenCalledWith(
      expect.objectContaining({
        channel: "action.42",
        selection: [3, 4],
        tableRef: "devices",
        companyId: 9,
      }),
    );
  });

  it("FM-SUBMIT-014 a channel callback takes the channel instead", async () => {
    onTags(success(null, { meta: { channel: "action.42" } }));
    const onChannel = vi.fn();
    await setup({ onChannel }, { dialog: dialogProps() }).submit();
    expect(onChannel).toHaveBeenCalledWith("action.42", expect.objectContaining({ data: null }));
    expect(openActionStatusDialog).not.toHaveBeenCalled();
  });

  it("sends to schema.method and endpoint with :id, multipart in indexed notation", async () => {
    const api = fakeApi().on("PUT", "/api/devices/12/files", success(null));
    const file = new File(["x"], "cfg.tar");
    await setup(
      { endpoint: "/api/devices/:id/files", method: "put", multipart: true },
      {
        routeId: "12",
      },
    ).submit({ file, rows: [{ name: "a" }, { name: "b" }], overwrite: true });

    const body = api.calls("PUT", "/api/devices/12/files")[0]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get("file") as File).name).toBe("cfg.tar");
    expect(body.get("rows[0][name]")).toBe("a");
    expect(body.get("rows[1][name]")).toBe("b");
    expect(body.get("overwrite")).toBe("1");
  });
});

describe("a failed submit", () => {
  it("FM-ERR-016 a custom error callback takes over", async () => {
    onTags(failure(409, "CONFLICT", "Exists"));
    const onError = vi.fn();
    const onFieldErrors = vi.fn();
    const { hook, submit } = setup({ onError, useToast: true }, { onFieldErrors });
    await submit();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(toast).not.toHaveBeenCalled();
    expect(onFieldErrors).not.toHaveBeenCalled();
    expect(hook.result.current.form.errors).toBeUndefined();
  });

  it("FM-ERR-004 FM-DIALOG-022 field errors reach the form and the dialog scrolls up", async () => {
    onTags(failure(422, "VALIDATION", "Name is taken", "name"));
    const onFieldErrors = vi.fn();
    const dialog = dialogProps();
    await setup({}, { dialog, fieldKeys: ["name"], onFieldErrors }).submit();
    expect(onFieldErrors).toHaveBeenCalledWith({ name: "Name is taken" });
    expect(dialog.scrollToTop).toHaveBeenCalled();
    expect(dialog.close).not.toHaveBeenCalled();
  });

  it("FM-ERR-008 a single general error with useToast is a toast", async () => {
    onTags(failure(409, "CONFLICT", "Tag exists"));
    await setup({ useToast: true }).submit();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: "Tag exists" }));
  });

  it("FM-ERR-009 a single general error with modalError opens the error dialog", async () => {
    onTags(failure(409, "CONFLICT", "Tag exists"));
    await setup({ modalError: true }).submit();
    expect(openErrorDialog).toHaveBeenCalledWith(["Tag exists"]);
  });

  it("FM-ERR-010 otherwise the errors are kept for the form's list", async () => {
    onTags(failure(409, "CONFLICT", "Tag exists"));
    const { hook, submit } = setup({});
    await submit();
    expect(hook.result.current.form.errors).toMatchObject({
      general: ["Tag exists"],
      presentation: "list",
    });
    expect(toast).not.toHaveBeenCalled();
  });

  it("FM-MFA-010 an error from the MFA re-send is shown in the original form", async () => {
    const api = onTags((): FakeReply =>
      api.calls("POST", "/api/tags").length === 1
        ? {
            status: 403,
            body: {
              success: false,
              errors: [{ code: "MFA_REQUIRED", message: "Code needed", source: null }],
              meta: { mfa_method: "email", session_uuid: "u" },
            },
          }
        : failure(422, "VALIDATION", "Name is taken", "name"),
    );
    onTestFinished(setMfaHandler((challenge) => challenge.resend("123456")));
    const onFieldErrors = vi.fn();
    await setup({}, { fieldKeys: ["name"], onFieldErrors }).submit();
    expect(onFieldErrors).toHaveBeenCalledWith({ name: "Name is taken" });
  });

  it("a cancelled call shows nothing and lets the user submit again", async () => {
    onTags({ status: 423, body: { success: false, errors: [] } });
    const { setPasswordConfirmationHandler } = await import("../../../lib/confirmations");
    onTestFinished(setPasswordConfirmationHandler(() => Promise.resolve(false)));
    const onFieldErrors = vi.fn();
    const dialog = dialogProps();
    const { hook, submit } = setup({ useToast: true }, { dialog, onFieldErrors });
    await submit();
    expect(hook.result.current.form.state).toBe("idle");
    expect(toast).not.toHaveBeenCalled();
    expect(onFieldErrors).not.toHaveBeenCalled();
    expect(dialog.scrollToTop).not.toHaveBeenCalled();
  });
});
