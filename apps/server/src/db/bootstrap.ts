import { randomBytes } from "node:crypto";
import { count, eq, inArray, sql } from "drizzle-orm";
import { FIXED_ROLE_LIST, FIXED_ROLES } from "@netfleet/contracts/roles";
import type { Db } from "./client";
import { companies, rolePermissions, roles, settings, users } from "./schema";
import { childPath } from "./tenancy";

/**
 * Brings the fixed roles in line with contracts/roles.ts on every start, so the
 * permission sets the code documents are the ones the database enforces.
 */
export async function syncFixedRoles(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const role of FIXED_ROLE_LIST) {
      await tx
        .insert(roles)
        .values({
          id: role.id,
          name: role.name,
          title: role.title,
          description: role.description,
          companyId: null,
          isDefault: true,
          globalScope: role.globalScope,
        })
        .onConflictDoUpdate({
          target: roles.id,
          set: {
            name: role.name,
            title: role.title,
            description: role.description,
            isDefault: true,
            globalScope: role.globalScope,
          },
        });
    }
    const ids = FIXED_ROLE_LIST.map((r) => r.id);
    await tx.delete(rolePermissions).where(inArray(rolePermissions.roleId, ids));
    await tx
      .insert(rolePermissions)
      .values(
        FIXED_ROLE_LIST.flatMap((r) =>
          r.permissions.map((permission) => ({ roleId: r.id, permission })),
        ),
      );
  });
}

/** Reads an installation setting, creating it with `make()` the first time. */
export async function ensureSetting(db: Db, key: string, make: () => string): Promise<string> {
  await db
    .insert(settings)
    .values({ key, value: make() })
    .onConflictDoNothing({ target: settings.key });
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row!.value;
}

/** Inserts a company under `parent` (or at the top), filling in level and ancestry path. */
export async function insertCompany(
  db: Db,
  input: {
    name: string;
    parent?: { id: number; level: number; path: string } | null;
    showPayment?: boolean;
  },
) {
  const parent = input.parent ?? null;
  const [row] = await db
    .insert(companies)
    .values({
      name: input.name,
      parentId: parent?.id ?? null,
      level: parent ? parent.level + 1 : 1,
      // The real path needs the id; a unique placeholder keeps the index happy until then.
      path: `pending-${randomBytes(8).toString("hex")}`,
      showPayment: input.showPayment ?? false,
    })
    .returning({ id: companies.id, level: companies.level });
  const path = childPath(parent?.path ?? null, row!.id);
  await db.update(companies).set({ path }).where(eq(companies.id, row!.id));
  return { id: row!.id, level: row!.level, path, name: input.name };
}

export async function userCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** A readable random password: 20 characters from an unambiguous alphabet. */
export function generatePassword(): string {
  const alphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(20);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

/**
 * On the first start of an empty database: the first company and its super
 * administrator. Returns the credentials to print, or null when users already exist.
 */
export async function bootstrapFirstAdmin(
  db: Db,
  opts: {
    email?: string | undefined;
    password?: string | undefined;
    companyName: string;
    hash: (p: string) => Promise<string>;
  },
): Promise<{ email: string; password: string; generated: boolean } | null> {
  if ((await userCount(db)) > 0) return null;
  const email = (opts.email ?? "admin@example.com").trim().toLowerCase();
  const password = opts.password ?? generatePassword();
  const passwordHash = await opts.hash(password);
  const created = await db.transaction(async (tx) => {
    // Another process may have bootstrapped between the count and here.
    await tx.execute(sql`lock table ${users} in exclusive mode`);
    if ((await userCount(tx)) > 0) return false;
    const company = await insertCompany(tx, { name: opts.companyName, showPayment: true });
    await tx.insert(users).values({
      email,
      username: email.split("@")[0] ?? email,
      passwordHash,
      companyId: company.id,
      roleId: FIXED_ROLES.super_admin.id,
      emailVerifiedAt: sql`now()`,
      tosAccepted: true,
    });
    return true;
  });
  return created ? { email, password, generated: opts.password === undefined } : null;
}

/** Updates the planner's statistics after a bulk load, so the first queries plan well. */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}
