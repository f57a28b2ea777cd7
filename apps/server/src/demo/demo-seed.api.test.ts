import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXED_ROLES } from "@netfleet/contracts/roles";
import { hashPassword } from "../modules/accounts/passwords";
import { TestAgent } from "../test/agent";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from "./demo-seed";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("the demo seed", () => {
  it("creates the company tree, a user of every fixed role who can sign in, tags and devices, once", async () => {
    const result = await seedDemo(t.database.db, hashPassword);
    expect(result).toMatchObject({ created: true, companies: 6, users: DEMO_USERS.length });
    expect(new Set(DEMO_USERS.map((u) => u.role))).toEqual(
      new Set([...Object.keys(FIXED_ROLES), "billing_contact"]),
    );
    expect((await seedDemo(t.database.db, hashPassword)).created).toBe(false);

    const guest = new TestAgent(t.app);
    await guest.signIn("guest@demo.example.com", DEMO_PASSWORD);
    const me = (await guest.get("/api/user")).json<{ company: { name: string; level: number } }>();
    expect(me.company).toEqual(expect.objectContaining({ name: "Northwind Logistics", level: 3 }));
    const seen = (await guest.get("/api/devices?limit=100")).json<{
      data: { company_name: string }[];
    }>();
    expect(seen.data.length).toBeGreaterThan(0);
    expect(new Set(seen.data.map((d) => d.company_name))).toEqual(new Set(["Northwind Logistics"]));

    const north = new TestAgent(t.app);
    await north.signIn("admin.north@demo.example.com", DEMO_PASSWORD);
    const northSeen = (await north.get("/api/devices?limit=100")).json<{
      data: { company_name: string }[];
    }>();
    expect(new Set(northSeen.data.map((d) => d.company_name))).toEqual(
      new Set(["Northwind Networks", "Northwind Retail", "Northwind Logistics"]),
    );
  });

  it("adds the users, resources and logs the shell's screens need", async () => {
    const signedIn = async (email: string) => {
      const agent = new TestAgent(t.app);
      await agent.signIn(email, DEMO_PASSWORD);
      return agent;
    };
    const guest = (await (await signedIn("guest@demo.example.com")).get("/api/user")).json<{
      role: { name: string };
    }>();
    expect(guest.role.name).toBe("read_only");

    const noview = (await (await signedIn("noview@demo.example.com")).get("/api/user")).json<{
      role: { title: string };
      permissions: string[];
    }>();
    expect(noview.role.title).toBe("Billing contact");
    expect(noview.permissions).toEqual(["activate_credit_transfer_codes"]);

    const legacy = (await (await signedIn("legacy@demo.example.com")).get("/api/user")).json<{
      username: string;
      email: string;
    }>();
    expect(legacy.username).toBe(legacy.email);

    const endUser = (await (await signedIn("enduser@demo.example.com")).get("/api/user")).json<{
      impersonation_access_limit: string;
    }>();
    const daysAhead = (Date.parse(endUser.impersonation_access_limit) - Date.now()) / 86_400_000;
    expect(daysAhead).toBeGreaterThan(29.9);
    expect(daysAhead).toBeLessThanOrEqual(30);

    const support = await signedIn("support@demo.example.com");
    const logs = (await support.get("/api/users/impersonation-logs")).json<{
      meta: { total: number };
    }>();
    expect(logs.meta.total).toBeGreaterThanOrEqual(3);
    const impersonable = (await support.get("/api/users/impersonable")).json<{
      data: { email: string }[];
    }>();
    expect(impersonable.data.map((u) => u.email)).toEqual(["enduser@demo.example.com"]);

    for (const [email, company] of [
      ["admin@demo.example.com", "Netfleet Demo"],
      ["admin.north@demo.example.com", "Northwind Networks"],
    ] as const) {
      const admin = await signedIn(email);
      const summary = (await admin.get("/api/credits/summary")).json<{
        data: { credits: { left: { credit_type_name: string; credits_left: number }[] } };
      }>();
      expect(
        summary.data.credits.left.map((c) => c.credit_type_name),
        company,
      ).toEqual(["Remote access", "Data", "SMS"]);
      const data = (await admin.get("/api/companies/data")).json<{
        data: { remaining_data: number };
      }>();
      expect(data.data.remaining_data, company).toBeGreaterThan(0);
    }
  });
});
