import { describe, expect, it } from "vitest";
import { isFromAddress, smtpSettingsBodySchema } from "./email-smtp";
import { mailLogsQuerySchema } from "./mail-logs";

describe("SMTP settings", () => {
  it("takes a From address bare or with a display name", () => {
    expect(isFromAddress("ops@example.com")).toBe(true);
    expect(isFromAddress("Ops Team <ops@example.com>")).toBe(true);
    expect(isFromAddress("Ops <not an address>")).toBe(false);
    expect(isFromAddress("Ops")).toBe(false);
  });

  it("keeps the stored password when none is sent, and accepts host names and addresses", () => {
    const base = { port: 587, security: "starttls", from: "ops@example.com" };
    expect(smtpSettingsBodySchema.parse({ ...base, host: " mail " })).toEqual({
      ...base,
      host: "mail",
    });
    expect(smtpSettingsBodySchema.safeParse({ ...base, host: "10.0.0.5" }).success).toBe(true);
    expect(smtpSettingsBodySchema.safeParse({ ...base, host: "-bad.example" }).success).toBe(false);
    expect(smtpSettingsBodySchema.safeParse({ ...base, host: "m", port: 70000 }).success).toBe(
      false,
    );
  });
});

describe("mail logs query", () => {
  it("filters by a known status only", () => {
    expect(mailLogsQuerySchema.parse({ status: "failed", q: " ann " })).toMatchObject({
      status: "failed",
      q: "ann",
      limit: 10,
    });
    expect(mailLogsQuerySchema.safeParse({ status: "lost" }).success).toBe(false);
  });
});
