import { describe, expect, it } from "vitest";
import { deriveUserFields, userMoveBodySchema, userUpdateBodySchema } from "./users";

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

describe("user write bodies", () => {
  it("names a role by id or name", () => {
    expect(userUpdateBodySchema.parse({ role: 4 })).toEqual({ role: 4 });
    expect(userUpdateBodySchema.parse({ role: " read_only " })).toEqual({ role: "read_only" });
    expect(userUpdateBodySchema.safeParse({ role: 0 }).success).toBe(false);
    expect(userUpdateBodySchema.safeParse({}).error?.issues[0]?.message).toBe("Role is required");
  });

  it("moves one to 100 users at once into one company", () => {
    expect(userMoveBodySchema.parse({ user_ids: [1, 2], company_id: 3 })).toEqual({
      user_ids: [1, 2],
      company_id: 3,
    });
    const none = userMoveBodySchema.safeParse({ user_ids: [], company_id: 3 });
    expect(none.error?.issues[0]?.message).toBe("Choose at least one user");
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(userMoveBodySchema.safeParse({ user_ids: many, company_id: 3 }).success).toBe(false);
  });
});
