import { randomBytes } from "node:crypto";
import { FIXED_ROLES } from "@netfleet/contracts/roles";
import type { Db } from "../../db/client";
import { companiesRepo } from "../companies/companies.repo";
import { rolesRepo } from "../roles/roles.repo";
import { usersRepo } from "../users/users.repo";

/**
 * Brings the fixed roles in line with contracts/roles.ts on every start, so the
 * permission sets the code documents are the ones the database enforces.
 */
export function syncFixedRoles(db: Db): Promise<void> {
  return db.transaction((tx) => rolesRepo(tx).syncFixed());
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
  if ((await usersRepo(db).count()) > 0) return null;
  const email = (opts.email ?? "admin@example.com").trim().toLowerCase();
  const password = opts.password ?? generatePassword();
  const passwordHash = await opts.hash(password);
  const created = await db.transaction(async (tx) => {
    const users = usersRepo(tx);
    // Another process may have bootstrapped between the count and here.
    await users.lockTable();
    if ((await users.count()) > 0) return false;
    const company = await companiesRepo(tx).insert({ name: opts.companyName, showPayment: true });
    await users.insert([
      {
        email,
        username: email.split("@")[0] ?? email,
        passwordHash,
        companyId: company.id,
        roleId: FIXED_ROLES.super_admin.id,
        emailVerifiedAt: new Date(),
        tosAccepted: true,
      },
    ]);
    return true;
  });
  return created ? { email, password, generated: opts.password === undefined } : null;
}
