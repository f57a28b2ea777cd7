import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { type FakeReply, failure, fakeApi, success } from "../test/fake-api";
import {
  type MfaChallenge,
  type MfaHandler,
  lastMfaMethod,
  resetMfaMemory,
  setMfaHandler,
  setPasswordConfirmationHandler,
} from "./confirmations";
import { ApiRequestError, cancelPendingRequests, http, isCancelledRequest } from "./http";

afterEach(() => {
  cancelPendingRequests("Test finished");
  resetMfaMemory();
});

function mfaRequired(meta: Record<string, unknown>): FakeReply {
  return {
    status: 403,
    body: {
      success: false,
      errors: [{ code: "MFA_REQUIRED", message: "Enter the code we sent you.", source: null }],
      meta,
    },
  };
}

const EMAIL_META = {
  mfa_method: "email",
  mfa_type: "email",
  session_uuid: "uuid-1",
  session_id: "uuid-1",
};

function onMfa(handler: MfaHandler) {
  const spy = vi.fn(handler);
  onTestFinished(setMfaHandler(spy));
  return spy;
}

function onPassword(answer: boolean) {
  const spy = vi.fn(() => Promise.resolve(answer));
  onTestFinished(setPasswordConfirmationHandler(spy));
  return spy;
}

async function rejection(promise: Promise<unknown>): Promise<ApiRequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiRequestError) return error;
    throw error;
  }
  throw new Error("The call did not fail");
}

/** A handler that hands the challenge to the test and waits for the test to settle it. */
function capture() {
  let current: MfaChallenge | undefined;
  const handler: MfaHandler = (challenge) => {
    current = challenge;
    // Left open, as while the dialog is on screen.
    return new Promise(() => undefined);
  };
  return { handler, challenge: () => current };
}

describe("password confirmation (423)", () => {
  it("FM-423-004 retries the original request once the password was confirmed", async () => {
    let confirmed = false;
    const api = fakeApi().on("DELETE", "/api/admin/users", () =>
      confirmed
        ? success(null, { message: "User deleted" })
        : failure(423, "PASSWORD_CONFIRMATION_REQUIRED", "Confirm your password to continue."),
    );
    const ask = vi.fn((_failure: ApiRequestError) => {
      confirmed = true;
      return Promise.resolve(true);
    });
    onTestFinished(setPasswordConfirmationHandler(ask));

    const response = await http.delete("/api/admin/users", { data: { email: "a@b.co" } });

    expect(response.status).toBe(200);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(ask.mock.calls[0]?.[0]).toBeInstanceOf(ApiRequestError);
    expect(api.calls("DELETE", "/api/admin/users")).toHaveLength(2);
  });

  it("FM-423-006 cancelling sends nothing more and ends the call as cancelled", async () => {
    const api = fakeApi().on(
      "DELETE",
      "/api/admin/users",
      failure(423, "PASSWORD_CONFIRMATION_REQUIRED", "Confirm your password to continue."),
    );
    const ask = onPassword(false);

    const error = await rejection(http.delete("/api/admin/users"));

    expect(ask).toHaveBeenCalledTimes(1);
    expect(isCancelledRequest(error)).toBe(true);
    expect(api.calls("DELETE", "/api/admin/users")).toHaveLength(1);
    expect(api.calls("POST", "/api/password-confirmation")).toHaveLength(0);
  });

  it("refreshes the session again when it expired while the user confirmed", async () => {
    document.cookie = "nf_signed_in=1; path=/";
    onTestFinished(() => void (document.cookie = "nf_signed_in=; path=/; max-age=0"));
    // The session expires before the call and again while the dialog is open.
    let sessionFresh = false;
    let confirmed = false;
    const api = fakeApi()
      .on("POST", "/api/account/mfa", () => {
        if (!sessionFresh) return failure(401, "UNAUTHORIZED", "Sign in to continue.");
        if (!confirmed) return failure(423, "PASSWORD_CONFIRMATION_REQUIRED", "Confirm.");
        return success({ ok: true });
      })
      .on("POST", "/account/token/refresh", () => {
        sessionFresh = true;
        return success({ exp: 1 });
      });
    onTestFinished(
      setPasswordConfirmationHandler(() => {
        confirmed = true;
        sessionFresh = false;
        return Promise.resolve(true);
      }),
    );

    const response = await http.post("/api/account/mfa", {});

    expect(response.status).toBe(200);
    expect(api.calls("POST", "/account/token/refresh")).toHaveLength(2);
    expect(api.calls("POST", "/api/account/mfa")).toHaveLength(4);
  });

  it("asks only once: a second 423 after confirming reaches the caller", async () => {
    const api = fakeApi().on(
      "POST",
      "/api/admin/users/sso",
      failure(423, "PASSWORD_CONFIRMATION_REQUIRED", "Confirm your password to continue."),
    );
    const ask = onPassword(true);

    const error = await rejection(http.post("/api/admin/users/sso", { email: "a@b.co" }));

    expect(error.status).toBe(423);
    expect(isCancelledRequest(error)).toBe(false);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(api.calls("POST", "/api/admin/users/sso")).toHaveLength(2);
  });
});

describe("the multi-factor hand-off", () => {
  it("refreshes the session again when it expired while the user entered the code", async () => {
    document.cookie = "nf_signed_in=1; path=/";
    onTestFinished(() => void (document.cookie = "nf_signed_in=; path=/; max-age=0"));
    let sessionFresh = false;
    const api = fakeApi()
      .on("POST", "/api/users/invite", (request) => {
        if (!sessionFresh) return failure(401, "UNAUTHORIZED", "Sign in to continue.");
        const body = request.body as Record<string, unknown>;
        return body.session_code === "123456" ? success({ ok: true }) : mfaRequired(EMAIL_META);
      })
      .on("POST", "/account/token/refresh", () => {
        sessionFresh = true;
        return success({ exp: 1 });
      });
    onMfa((challenge) => {
      sessionFresh = false;
      return challenge.resend("123456");
    });

    const response = await http.post("/api/users/invite", { email: "a@b.co" });

    expect(response.status).toBe(200);
    expect(api.calls("POST", "/account/token/refresh")).toHaveLength(2);
  });

  it("FM-MFA-001 only the code MFA_REQUIRED starts the flow", async () => {
    fakeApi()
      .on("POST", "/api/tags", failure(403, "FORBIDDEN", "You may not do that."))
      .on("POST", "/api/users/invite", mfaRequired(EMAIL_META));
    const handler = onMfa(() => Promise.reject(new Error("stop")));

    const forbidden = await rejection(http.post("/api/tags", { name: "x" }));
    expect(forbidden.code).toBe("FORBIDDEN");
    expect(handler).not.toHaveBeenCalled();

    await expect(http.post("/api/users/invite", { email: "a@b.co" })).rejects.toThrow("stop");
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0]?.[0].error.code).toBe("MFA_REQUIRED");
  });

  it("FM-MFA-002 FM-MFA-003 reads the method and session from either name", async () => {
    fakeApi()
      .on("POST", "/api/a", mfaRequired({ mfa_method: "totp", session_uuid: "u-1" }))
      .on("POST", "/api/b", mfaRequired({ mfa_type: "teltonika_id", session_id: "s-2" }));
    const handler = onMfa(() => Promise.reject(new Error("stop")));

    await expect(http.post("/api/a", {})).rejects.toThrow("stop");
    await expect(http.post("/api/b", {})).rejects.toThrow("stop");

    expect(handler.mock.calls[0]?.[0]).toMatchObject({ method: "totp", sessionUuid: "u-1" });
    expect(handler.mock.calls[1]?.[0]).toMatchObject({
      method: "teltonika_id",
      sessionUuid: "s-2",
    });
  });

  it("FM-MFA-006 re-sends a JSON body with session_code, session_id and session_uuid", async () => {
    const api = fakeApi().on("POST", "/api/users/invite", (request) =>
      (request.body as Record<string, unknown>).session_code === "123456"
        ? success({ id: 4 }, { message: "Invitation sent" })
        : mfaRequired(EMAIL_META),
    );
    onMfa((challenge) => challenge.resend("123456"));

    const response = await http.post<{ message: string }>("/api/users/invite", {
      email: "a@b.co",
    });

    expect(response.data.message).toBe("Invitation sent");
    const calls = api.calls("POST", "/api/users/invite");
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual({
      email: "a@b.co",
      session_code: "123456",
      session_id: "uuid-1",
      session_uuid: "uuid-1",
    });
  });

  it("FM-MFA-006 puts the session in the query string without a body, and appends to multipart", async () => {
    const api = fakeApi()
      .on("DELETE", "/api/admin/users/mfa", (request) =>
        request.query.get("session_code") ? success(null) : mfaRequired(EMAIL_META),
      )
      .on("POST", "/api/files", (request) =>
        request.body instanceof FormData && request.body.get("session_code")
          ? success(null)
          : mfaRequired(EMAIL_META),
      );
    onMfa((challenge) => challenge.resend("654321"));

    await http.delete("/api/admin/users/mfa", { params: { email: "a@b.co" } });
    const form = new FormData();
    form.append("name", "backup.tar");
    await http.post("/api/files", form);

    const query = api.calls("DELETE", "/api/admin/users/mfa")[1]?.query;
    expect(query?.get("email")).toBe("a@b.co");
    expect(query?.get("session_code")).toBe("654321");
    expect(query?.get("session_uuid")).toBe("uuid-1");
    expect(query?.get("session_id")).toBe("uuid-1");
    const sent = api.calls("POST", "/api/files")[1]?.body as FormData;
    expect(sent.get("name")).toBe("backup.tar");
    expect(sent.get("session_code")).toBe("654321");
    expect(form.get("session_code")).toBeNull();
  });

  it("FM-MFA-007 the session fields do not stay on the request after an attempt", async () => {
    const api = fakeApi().on("POST", "/api/users/invite", (request) => {
      const code = (request.body as Record<string, unknown>).session_code;
      if (code === undefined) return mfaRequired(EMAIL_META);
      return failure(422, "CONFIRMATION_FAILED", "The code is incorrect.");
    });
    const { handler, challenge } = capture();
    onTestFinished(setMfaHandler(handler));

    void http.post("/api/users/invite", { email: "a@b.co" }).catch(() => undefined);
    await vi.waitFor(() => expect(challenge()).toBeDefined());
    await expect(challenge()!.resend("111111")).rejects.toBeInstanceOf(ApiRequestError);
    await expect(challenge()!.resend("222222")).rejects.toBeInstanceOf(ApiRequestError);
    // A new call made after the dialog went away carries no session either.
    void http.post("/api/users/invite", { email: "a@b.co" }).catch(() => undefined);
    await vi.waitFor(() => expect(api.calls("POST", "/api/users/invite")).toHaveLength(4));

    const bodies = api.calls("POST", "/api/users/invite").map((c) => c.body);
    expect(bodies[1]).toMatchObject({ session_code: "111111" });
    expect(bodies[2]).toEqual({
      email: "a@b.co",
      session_code: "222222",
      session_id: "uuid-1",
      session_uuid: "uuid-1",
    });
    expect(bodies[3]).toEqual({ email: "a@b.co" });
  });

  it("FM-MFA-008 a second MFA_REQUIRED goes back to the open dialog, not to a new one", async () => {
    fakeApi().on("POST", "/api/users/invite", mfaRequired(EMAIL_META));
    const { handler, challenge } = capture();
    const spy = vi.fn(handler);
    onTestFinished(setMfaHandler(spy));

    void http.post("/api/users/invite", { email: "a@b.co" }).catch(() => undefined);
    await vi.waitFor(() => expect(challenge()).toBeDefined());
    const again = await rejection(challenge()!.resend("000000"));

    expect(again.code).toBe("MFA_REQUIRED");
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("FM-MFA-015 remembers the last method for an answer that names none", async () => {
    fakeApi()
      .on("POST", "/api/a", mfaRequired({ mfa_method: "totp", session_uuid: "u-1" }))
      .on("POST", "/api/b", mfaRequired({ session_uuid: "u-2" }));
    const handler = onMfa(() => Promise.reject(new Error("stop")));

    await expect(http.post("/api/a", {})).rejects.toThrow("stop");
    expect(lastMfaMethod()).toBe("totp");
    await expect(http.post("/api/b", {})).rejects.toThrow("stop");

    expect(handler.mock.calls[1]?.[0].method).toBe("totp");
  });

  it("without a handler the MFA answer reaches the caller", async () => {
    fakeApi().on("POST", "/api/users/invite", mfaRequired(EMAIL_META));
    const error = await rejection(http.post("/api/users/invite", {}));
    expect(error.code).toBe("MFA_REQUIRED");
    expect(error.meta).toMatchObject({ session_uuid: "uuid-1" });
  });
});
