import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXED_ROLES } from "@netfleet/contracts/roles";
import { users } from "../../db/schema";
import { signedInAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { companyInScope } from "../companies/companies.service";
import { actorForJob } from "./authenticate";

/**
 * Services take an actor, whatever carried the call: work done later for a user sees the
 * same company subtree and permissions as that user's requests do.
 */

let t: TestApp;
let root: TestCompany;
let own: TestCompany;
let child: TestCompany;
let sibling: TestCompany;

beforeAll(async () => {
  t = await buildTestApp();
  const f = factories(t.database.db);
  root = await f.company();
  own = await f.company({ parent: root });
  child = await f.company({ parent: own });
  sibling = await f.company({ parent: root });
});
afterAll(() => t.close());

describe("an actor for work done later", () => {
  it("sees its owner's company subtree and nothing beside or above it", async () => {
    const owner = await factories(t.database.db).user({ company: own, role: "admin" });
    const actor = await actorForJob(t.app.ctx, owner.id);
    expect(actor).toMatchObject({ kind: "user", id: owner.id, via: "job", companyId: own.id });

    const db = t.database.db;
    expect((await companyInScope(db, actor!, undefined)).id).toBe(own.id);
    expect((await companyInScope(db, actor!, child.id)).id).toBe(child.id);
    for (const outside of [sibling.id, root.id, 999_999]) {
      await expect(companyInScope(db, actor!, outside)).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    }

    // The owner's own request draws the same line.
    const { agent } = await signedInAgent(t, { company: own, role: "admin" });
    const seen = async (id: number) =>
      (await agent.get(`/api/companies/data?company_id=${id}`)).statusCode;
    expect(await seen(child.id)).toBe(200);
    expect(await seen(sibling.id)).toBe(404);
  });

  it("has its owner's permissions as they are when the work runs, and none once disabled", async () => {
    const owner = await factories(t.database.db).user({ company: own, role: "admin" });
    const db = t.database.db;
    expect((await actorForJob(t.app.ctx, owner.id))!.permissions.has("update_tags")).toBe(true);

    await db.update(users).set({ roleId: FIXED_ROLES.read_only.id }).where(eq(users.id, owner.id));
    expect((await actorForJob(t.app.ctx, owner.id))!.permissions.has("update_tags")).toBe(false);

    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, owner.id));
    expect(await actorForJob(t.app.ctx, owner.id)).toBeUndefined();
  });
});
