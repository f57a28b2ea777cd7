import { sql } from "drizzle-orm";
import { FIXED_ROLES, type FixedRoleName } from "@netfleet/contracts/roles";
import type { Db } from "../db/client";
import { devices, tags, users } from "../db/schema";
import { hashPassword } from "../modules/accounts/passwords";
import { type InsertedCompany, companiesRepo } from "../modules/companies/companies.repo";

export const TEST_PASSWORD = "correct horse battery staple";
let testPasswordHash: Promise<string> | undefined;

let seq = 0;
const next = () => `${process.pid}-${++seq}`;
const macFor = (i: number) =>
  `00:1E:42:${[16, 8, 0].map((shift) => ((i >> shift) & 255).toString(16).padStart(2, "0")).join(":")}`.toUpperCase();

export type TestCompany = InsertedCompany;

/** Factories insert real rows and accept overrides; defaults are unique per call. */
export function factories(db: Db) {
  return {
    company(overrides: { name?: string; parent?: TestCompany | null; showPayment?: boolean } = {}) {
      return companiesRepo(db).insert({
        name: overrides.name ?? `Company ${next()}`,
        parent: overrides.parent ?? null,
        showPayment: overrides.showPayment ?? false,
      });
    },

    async user(overrides: {
      company: TestCompany;
      role?: FixedRoleName;
      email?: string;
      password?: string;
      verified?: boolean;
      disabled?: boolean;
      /** Defaults to the e-mail's local part. */
      username?: string;
      firstName?: string | null;
      lastName?: string | null;
      /** A confirmed impersonation grant until this date. */
      impersonationAccessLimit?: Date | null;
    }) {
      const email = overrides.email ?? `user-${next()}@example.com`;
      const passwordHash =
        overrides.password === undefined
          ? await (testPasswordHash ??= hashPassword(TEST_PASSWORD))
          : await hashPassword(overrides.password);
      const [row] = await db
        .insert(users)
        .values({
          email: email.toLowerCase(),
          username: overrides.username ?? email.split("@")[0] ?? null,
          firstName: overrides.firstName ?? null,
          lastName: overrides.lastName ?? null,
          passwordHash,
          companyId: overrides.company.id,
          roleId: FIXED_ROLES[overrides.role ?? "admin"].id,
          emailVerifiedAt: overrides.verified === false ? null : sql`now()`,
          disabledAt: overrides.disabled ? sql`now()` : null,
          impersonationAccessLimit: overrides.impersonationAccessLimit ?? null,
        })
        .returning();
      return { ...row!, password: overrides.password ?? TEST_PASSWORD };
    },

    async device(overrides: {
      company: TestCompany;
      name?: string;
      serial?: string;
      mac?: string;
      model?: string;
      status?: number;
    }) {
      const n = next();
      const [row] = await db
        .insert(devices)
        .values({
          companyId: overrides.company.id,
          name: overrides.name ?? `Device ${n}`,
          serial: overrides.serial ?? `SN${n}`,
          mac: overrides.mac ?? macFor(seq),
          model: overrides.model ?? "RUTX11",
          firmware: "RUTX_R_00.07.06.10",
          status: overrides.status ?? 1,
        })
        .returning();
      return row!;
    },

    async tag(overrides: {
      company: TestCompany;
      name?: string;
      color?: string | null;
      description?: string | null;
    }) {
      const [row] = await db
        .insert(tags)
        .values({
          companyId: overrides.company.id,
          name: overrides.name ?? `Tag ${next()}`,
          color: overrides.color === undefined ? "#4287f5" : overrides.color,
          description: overrides.description ?? null,
        })
        .returning();
      return row!;
    },
  };
}
