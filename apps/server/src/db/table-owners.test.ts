import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "./schema";

type TableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends PgTable ? K : never;
}[keyof typeof schema];

/**
 * One owner per table: the repository (relative to apps/server/src) that alone inserts,
 * updates and deletes its rows. Other code calls that repository; queries elsewhere may
 * join the table to read it, through the columns its owner exports.
 */
const OWNERS: Record<TableName, string> = {
  companies: "modules/companies/companies.repo.ts",
  roles: "modules/roles/roles.repo.ts",
  rolePermissions: "modules/roles/roles.repo.ts",
  users: "modules/users/users.repo.ts",
  userMoveLogs: "modules/users/user-move-logs.repo.ts",
  suppressedEmails: "modules/users/suppressed-emails.repo.ts",
  sessions: "modules/accounts/accounts.repo.ts",
  refreshTokens: "modules/accounts/accounts.repo.ts",
  userTokens: "modules/accounts/accounts.repo.ts",
  invitations: "modules/invitations/invitations.repo.ts",
  personalAccessTokens: "modules/accounts/personal-access-tokens.repo.ts",
  authAttempts: "modules/accounts/attempts.repo.ts",
  mfaChallenges: "modules/mfa/mfa.repo.ts",
  mfaRecoveryCodes: "modules/mfa/mfa.repo.ts",
  impersonationGrants: "modules/impersonation/impersonation.repo.ts",
  impersonationLogs: "modules/impersonation/impersonation.repo.ts",
  mailOutbox: "modules/mail-logs/mail-logs.repo.ts",
  notifications: "modules/notifications/notifications.repo.ts",
  notices: "modules/notices/notices.repo.ts",
  userStorage: "modules/storage/storage.repo.ts",
  tags: "modules/tags/tags.repo.ts",
  devices: "modules/devices/devices.repo.ts",
  enrolmentTokens: "modules/devices/enrolment.repo.ts",
  deviceConnectionAttempts: "modules/devices/enrolment.repo.ts",
  deviceTags: "modules/devices/devices.repo.ts",
  deviceTelemetry: "modules/devices/device-history.repo.ts",
  deviceEvents: "modules/devices/device-history.repo.ts",
  deviceTasks: "modules/devices/device-tasks.repo.ts",
  creditTypes: "modules/credits/credits.repo.ts",
  companyCredits: "modules/credits/credits.repo.ts",
  smtpSettings: "modules/email-smtp/email-smtp.repo.ts",
  actions: "modules/actions/actions.repo.ts",
  actionSteps: "modules/actions/actions.repo.ts",
  files: "modules/files/files.repo.ts",
  images: "modules/files/images.repo.ts",
  // The process's own settings (the session secret): no module owns them.
  settings: "db/settings.repo.ts",
};

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The server's own code. Tests, test kits and migrations set rows up directly and are left out. */
function serverSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === "test" || entry.name === "migrations" ? [] : serverSources(full);
    }
    return entry.name.endsWith(".ts") && !/(\.test|-test-kit)\.ts$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The writes in `source`: drizzle's `.insert(table)`, `.update(table)` and `.delete(table)`
 * on a schema table. A table imported under another name goes unseen; nothing does that.
 */
function tableWrites(source: string): { verb: string; table: TableName }[] {
  return [...source.matchAll(/\.(insert|update|delete)\(\s*([A-Za-z_$][\w$]*)\s*\)/g)]
    .filter((m) => Object.hasOwn(OWNERS, m[2]!))
    .map((m) => ({ verb: m[1]!, table: m[2] as TableName }));
}

/** "file: verb(table), owned by …" for every write outside the table's owner. */
function foreignWrites(file: string, source: string): string[] {
  return tableWrites(source)
    .filter((w) => OWNERS[w.table] !== file)
    .map((w) => `${file}: ${w.verb}(${w.table}), owned by ${OWNERS[w.table]}`);
}

describe("table owners", () => {
  it("names an existing repository for every table of the schema", () => {
    const tables = Object.entries(schema)
      .filter(([, value]) => is(value, PgTable))
      .map(([name]) => name);
    expect(Object.keys(OWNERS).sort()).toEqual(tables.sort());
    for (const owner of new Set(Object.values(OWNERS))) {
      expect(fs.existsSync(path.join(SRC, owner)), owner).toBe(true);
    }
  });

  it("writes each table only in its owner", () => {
    const found = serverSources(SRC).flatMap((full) =>
      foreignWrites(
        path.relative(SRC, full).split(path.sep).join("/"),
        fs.readFileSync(full, "utf8"),
      ),
    );
    expect(found).toEqual([]);
  });

  it("sees a write outside the owner, however the call is laid out", () => {
    const source = "await tx\n  .update( companies )\n  .set({ mfaMandatory: true });";
    expect(foreignWrites("modules/mfa/mfa.repo.ts", source)).toEqual([
      "modules/mfa/mfa.repo.ts: update(companies), owned by modules/companies/companies.repo.ts",
    ]);
    expect(foreignWrites("modules/companies/companies.repo.ts", source)).toEqual([]);
    // Other calls named like drizzle's are not table writes.
    expect(foreignWrites("x.ts", 'app.delete("/api/tags/:id", h); seen.delete(id);')).toEqual([]);
  });
});
