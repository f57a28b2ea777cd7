import { describe, expect, it } from "vitest";
import { invitationCreateBodySchema } from "./invitations";

describe("invitation body", () => {
  it("FM-ENTITY-040 has company_id, email and role, each required", () => {
    expect(
      invitationCreateBodySchema.parse({ email: " a@b.io ", company_id: 7, role: "end_user" }),
    ).toEqual({ email: "a@b.io", company_id: 7, role: "end_user" });
    const result = invitationCreateBodySchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join(".")).sort()).toEqual([
      "company_id",
      "email",
      "role",
    ]);
  });

  it("takes the role by id or by name, and refuses a bad address", () => {
    expect(invitationCreateBodySchema.parse({ email: "a@b.io", company_id: 7, role: 3 }).role).toBe(
      3,
    );
    const bad = invitationCreateBodySchema.safeParse({ email: "a@", company_id: 7, role: "" });
    expect(bad.error?.issues.map((issue) => issue.path.join(".")).sort()).toEqual([
      "email",
      "role",
    ]);
  });
});
