import { describe, expect, it } from "vitest";
import { ApiRequestError } from "../../../lib/api-request-error";
import { failedCall } from "../../../test/fake-api";
import { mapFormErrors } from "./form-errors";

type Entry = { code: string; message: string; source: string | null };

function answer(status: number, errors: Entry[]): ApiRequestError {
  return new ApiRequestError({ status, errors });
}

const ctx = { fields: ["name", "email"] };

describe("mapFormErrors", () => {
  it("FM-ERR-002 reads code, message and source from data.errors[]", () => {
    const result = mapFormErrors(
      answer(422, [
        { code: "VALIDATION", message: "Name is taken", source: "name" },
        { code: "LIMIT", message: "Too many tags", source: null },
      ]),
      ctx,
    );
    expect(result.fieldErrors).toEqual({ name: "Name is taken" });
    expect(result.general).toEqual(["Too many tags"]);
  });

  it("FM-ERR-003 ignores an entry with code UNAUTHORIZED", () => {
    const result = mapFormErrors(
      answer(422, [
        { code: "UNAUTHORIZED", message: "Unauthenticated", source: null },
        { code: "VALIDATION", message: "Email is invalid", source: "email" },
      ]),
      ctx,
    );
    expect(result.general).toEqual([]);
    expect(result.fieldErrors).toEqual({ email: "Email is invalid" });
    expect(result.presentation).toBe("fields");
  });

  it("FM-ERR-004 puts an error under a visible field or a submitted key", () => {
    const result = mapFormErrors(
      answer(422, [
        { code: "V", message: "Required", source: "email" },
        { code: "V", message: "Bad company", source: "company_id" },
        { code: "V", message: "Elsewhere", source: "unknown" },
      ]),
      { fields: ["email"], submitted: { email: "", company_id: 3 } },
    );
    expect(result.fieldErrors).toEqual({ email: "Required", company_id: "Bad company" });
    expect(result.general).toEqual(["Elsewhere"]);
  });

  it("FM-ERR-005 a bulk source data.N.field names the field by its third part", () => {
    const result = mapFormErrors(
      answer(422, [{ code: "V", message: "Invalid serial", source: "data.2.serial" }]),
      { fields: ["serial"] },
    );
    expect(result.fieldErrors).toEqual({ serial: "Invalid serial" });
  });

  it("FM-ERR-006 a bulk message with data.N.field is rewritten to the field name", () => {
    const result = mapFormErrors(
      answer(422, [
        { code: "V", message: "The data.0.email field is required.", source: "data.0.email" },
        { code: "V", message: "The data.3.mac must be unique.", source: "data.3.mac" },
      ]),
      { fields: ["email"] },
    );
    expect(result.fieldErrors).toEqual({ email: "The email field is required." });
    expect(result.general).toEqual(["The mac must be unique."]);
  });

  it("FM-ERR-007 entries without a matching source become general errors", () => {
    const result = mapFormErrors(
      answer(409, [
        { code: "CONFLICT", message: "Device already exists", source: null },
        { code: "V", message: "Bad parent", source: "parent" },
      ]),
      ctx,
    );
    expect(result.general).toEqual(["Device already exists", "Bad parent"]);
    expect(result.fieldErrors).toEqual({});
  });

  it("FM-ERR-008 one general error with useToast is shown as a toast", () => {
    const error = answer(409, [{ code: "C", message: "Busy", source: null }]);
    expect(mapFormErrors(error, { ...ctx, useToast: true }).presentation).toBe("toast");
  });

  it("FM-ERR-009 one general error with modalError opens the error dialog", () => {
    const error = answer(409, [{ code: "C", message: "Busy", source: null }]);
    expect(mapFormErrors(error, { ...ctx, modalError: true }).presentation).toBe("modal");
  });

  it("FM-ERR-010 otherwise the general errors are listed in the form", () => {
    const one = answer(409, [{ code: "C", message: "Busy", source: null }]);
    expect(mapFormErrors(one, ctx).presentation).toBe("list");
    const two = answer(409, [
      { code: "C", message: "Busy", source: null },
      { code: "C", message: "Try later", source: null },
    ]);
    expect(mapFormErrors(two, { ...ctx, useToast: true }).presentation).toBe("list");
  });

  it("FM-ERR-011 file sources with slashes read message (name, line N in M)", () => {
    const result = mapFormErrors(
      answer(422, [
        { code: "V", message: "Invalid serial", source: "file/devices.csv/3/12" },
        { code: "V", message: "Empty file", source: "file/empty.csv" },
      ]),
      { fields: ["file"] },
    );
    expect(result.fileErrors).toEqual([
      "Invalid serial (devices.csv, line 3 in 12)",
      "Empty file (empty.csv)",
    ]);
    expect(result.fieldErrors).toEqual({});
    expect(result.presentation).toBe("list");
  });

  it("FM-ERR-012 a single error object with a source is that field's error", () => {
    const error = failedCall(422, { errors: { message: "Too short", source: "name" } });
    const result = mapFormErrors(error, ctx);
    expect(result.fieldErrors).toEqual({ name: "Too short" });
    expect(result.general).toEqual([]);
  });

  it("FM-ERR-013 a single error object without a source shows its message, else the status text", () => {
    const withMessage = failedCall(400, { errors: { message: "Quota exceeded" } }, "Bad Request");
    expect(mapFormErrors(withMessage, ctx).general).toEqual(["Quota exceeded"]);
    const bare = failedCall(400, { errors: {} }, "Bad Request");
    expect(mapFormErrors(bare, ctx).general).toEqual(["Bad Request"]);
  });

  it("FM-ERR-014 a non-object response shows the error's message", () => {
    expect(mapFormErrors(new Error("Network Error"), ctx).general).toEqual(["Network Error"]);
    expect(mapFormErrors("Request aborted", ctx).general).toEqual(["Request aborted"]);
  });

  it("FM-ERR-015 a non-object response without a message shows the fallback", () => {
    const result = mapFormErrors(failedCall(502, "<html>bad gateway</html>"), ctx);
    expect(result.general).toEqual(["Failed to send request. Try again later."]);
    expect(mapFormErrors(undefined, ctx).general).toEqual([
      "Failed to send request. Try again later.",
    ]);
  });
});
