import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { bootstrapFirstAdmin, syncFixedRoles } from "./bootstrap";
import { hashPassword } from "./passwords";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("first start", () => {
  it("creates the first company and a super administrator once, with a generated password", async () => {
    const first = await bootstrapFirstAdmin(t.database.db, {
      companyName: "Ops Co",
      hash: hashPassword,
    });
    expect(first).toMatchObject({ email: "admin@example.com", generated: true });
    expect(first!.password).toMatch(/^[A-Za-z0-9]{20}$/);
    const agent = new TestAgent(t.app);
    await agent.signIn(first!.email, first!.password);
    const me = (await agent.get("/api/user")).json<{
      role: { name: string };
      company: { name: string; level: number };
    }>();
    expect(me.role.name).toBe("super_admin");
    expect(me.company).toMatchObject({ name: "Ops Co", level: 1 });
    expect(
      await bootstrapFirstAdmin(t.database.db, { companyName: "Again", hash: hashPassword }),
    ).toBeNull();
  });
});

describe("the embedded database", () => {
  it("keeps its data across a restart", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-data-"));
    try {
      const first = await openDatabase({ dataDir: dir });
      await first.migrate();
      await syncFixedRoles(first.db);
      const admin = await bootstrapFirstAdmin(first.db, {
        companyName: "Persisted",
        email: "keep@example.com",
        password: "kept password",
        hash: hashPassword,
      });
      expect(admin).not.toBeNull();
      await first.close();

      const second = await openDatabase({ dataDir: dir });
      await second.migrate();
      expect(
        await bootstrapFirstAdmin(second.db, { companyName: "Other", hash: hashPassword }),
      ).toBeNull();
      await second.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
