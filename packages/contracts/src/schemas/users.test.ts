import { describe, expect, it } from "vitest";
import { deriveUserFields } from "./users";

const user = {
  company: { id: 12, name: "Northwind Retail", level: 3, parent_id: 2, show_payment: true },
  role: { id: 3, name: "end_user", title: "End Client" },
  token: { sub: "40", iat: 1, exp: 2 },
};

describe("derived user fields", () => {
  it("SH-SESSION-016 has company_name, company_id and role_title", () => {
    expect(deriveUserFields(user)).toMatchObject({
      company_name: "Northwind Retail",
      company_id: 12,
      role_title: "End Client",
    });
  });

  it("SH-SESSION-017 isImpersonating is true exactly when token.act is present", () => {
    expect(deriveUserFields(user).isImpersonating).toBe(false);
    const acting = { ...user, token: { ...user.token, act: { sub: "1", email: "s@x.io" } } };
    expect(deriveUserFields(acting).isImpersonating).toBe(true);
  });

  it("SH-SESSION-018 D14 payment controls show only for a level-1 company", () => {
    expect(deriveUserFields(user).show_payment_control).toBe(false);
    const top = { ...user, company: { ...user.company, level: 1, parent_id: 0 } };
    expect(deriveUserFields(top).show_payment_control).toBe(true);
    const second = { ...user, company: { ...user.company, level: 2 } };
    expect(deriveUserFields(second).show_payment_control).toBe(false);
  });
});
