import { describe, expect, it } from "vitest";
import { ApiRequestError } from "../../../lib/api-request-error";
import { failedCall } from "../../../test/fake-api";
import { i18n } from "../../../lib/i18n";
import { failureMessage, successMessage } from "./result-messages";

describe("successMessage", () => {
  it("FM-ERR-017 reads <Item> <verb>ed successfully", () => {
    expect(successMessage("tag", "create")).toBe("Tag created successfully");
    expect(successMessage("company", "update")).toBe("Company updated successfully");
    expect(successMessage("device", "delete")).toBe("Device deleted successfully");
    expect(successMessage("user", "move")).toBe("User moved successfully");
  });

  it("FM-ERR-020 uses the special verbs and Operation complete for bulk actions (D20)", () => {
    expect(successMessage("invitation", "send")).toBe("Invitation sent successfully");
    expect(successMessage("file", "upload")).toBe("File uploaded successfully");
    expect(successMessage("code", "activate")).toBe("Code activated successfully");
    expect(successMessage("devices", "update", { bulk: true })).toBe("Operation complete");
  });

  it("FM-ERR-017 is translated with the item interpolated", async () => {
    await i18n.changeLanguage("no");
    expect(successMessage("tagg", "create")).toBe("Tagg ble opprettet");
  });
});

describe("failureMessage", () => {
  const options = { item: "tag", verb: "create" } as const;

  it("FM-ERR-018 prefers the first error message, then the fallback, then the generic text", () => {
    const withErrors = new ApiRequestError({
      status: 422,
      errors: [
        { code: "V", message: "Name is taken", source: "name" },
        { code: "V", message: "Second", source: null },
      ],
    });
    expect(failureMessage(withErrors, options)).toBe("Name is taken");
    const bare = failedCall(500, {}, "Internal Server Error");
    expect(failureMessage(bare, { ...options, fallback: "Could not save the tag" })).toBe(
      "Could not save the tag",
    );
    expect(failureMessage(bare, options)).toBe("Failed to create tag (Internal Server Error)");
  });

  it("FM-ERR-019 says Server error when no request was made", () => {
    expect(failureMessage(new TypeError("x is undefined"), options)).toBe("Server error");
    expect(failureMessage(new ApiRequestError({ status: 0 }), options)).toBe("Server error");
  });
});
