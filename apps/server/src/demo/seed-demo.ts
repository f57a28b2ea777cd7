import pino from "pino";
import type { MfaMethod } from "@netfleet/contracts/schemas/mfa";
import { FIXED_ROLES, type FixedRoleName } from "@netfleet/contracts/roles";
import { parseEnv, resolveDataDir } from "../env";
import { createMailer } from "../plugins/mailer";
import { type Db, openDatabase } from "../db/client";
import { createInvitation } from "../modules/accounts/accounts.service";
import { syncFixedRoles } from "../modules/accounts/bootstrap";
import { hashPassword } from "../modules/accounts/passwords";
import { mailLogsOutbox } from "../modules/mail-logs/mail-outbox";
import { usersRepo } from "../modules/users/users.repo";
import { DEMO_COMPANY, DEMO_PASSWORD, DEMO_USERS, demoRoleTitle, seedDemo } from "./demo-seed";

/**
 * Users that the browser journeys sign in as, each kept for one journey, so that what one
 * journey changes (a second factor, a dismissed reminder) no other journey ever reads.
 */
const JOURNEY_USERS: readonly {
  email: string;
  role: FixedRoleName;
  company: string;
  /** A second factor already on: sign-in asks for it. */
  mfaType?: MfaMethod;
  purpose: string;
}[] = [
  {
    email: "mfa.totp@demo.example.com",
    role: "end_user",
    company: "Northwind Retail",
    purpose: "enrols an authenticator app",
  },
  {
    email: "mfa.email@demo.example.com",
    role: "end_user",
    company: "Northwind Retail",
    mfaType: "email",
    purpose: "signs in with an e-mailed code",
  },
  {
    email: "sudo@demo.example.com",
    role: "admin",
    company: DEMO_COMPANY,
    purpose: "confirms the password again",
  },
  { email: "forms@demo.example.com", role: "admin", company: DEMO_COMPANY, purpose: "tag forms" },
  {
    email: "dialogs@demo.example.com",
    role: "admin",
    company: DEMO_COMPANY,
    purpose: "tag dialogs",
  },
];

async function seedJourneyUsers(db: Db, companyIds: Record<string, number>): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await usersRepo(db).insert(
    JOURNEY_USERS.map((u) => {
      const local = u.email.split("@")[0]!;
      return {
        email: u.email,
        username: local,
        firstName: local.split(".")[0]!.replace(/^./, (c) => c.toUpperCase()),
        passwordHash,
        companyId: companyIds[u.company]!,
        roleId: FIXED_ROLES[u.role].id,
        emailVerifiedAt: new Date(),
        tosAccepted: true,
        mfaType: u.mfaType ?? null,
      };
    }),
  );
}

function notes(user: (typeof DEMO_USERS)[number]): string {
  const parts = [
    user.verified === false ? "e-mail not confirmed" : null,
    user.username === user.email ? "user name is the e-mail" : null,
    user.impersonationDays ? `allows impersonation for ${user.impersonationDays} days` : null,
  ].filter((p) => p !== null);
  return parts.length ? ` (${parts.join("; ")})` : "";
}

/** `npm run seed:demo`: the demo world in the database the server would use. */
async function main() {
  const env = parseEnv();
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: resolveDataDir(env) });
  try {
    await database.migrate();
    await syncFixedRoles(database.db);
    const result = await seedDemo(database.db, hashPassword);
    if (!result.created) {
      process.stdout.write("The demo world is already in this database; nothing changed.\n");
      return;
    }
    await seedJourneyUsers(database.db, result.companyIds);
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
    const mailer = createMailer({
      smtpUrl: undefined,
      from: env.MAIL_FROM,
      outbox: mailLogsOutbox(database.db),
      log: pino({ level: "silent" }),
    });
    const invitation = await createInvitation({ mailer, publicUrl }, database.db, {
      email: "newcomer@demo.example.com",
      companyId: result.companyIds["Northwind Retail"]!,
      companyName: "Northwind Retail",
      roleId: FIXED_ROLES.end_user.id,
      invitedBy: null,
    });
    await invitation.deliver();
    mailer.close();
    const width = Math.max(...DEMO_USERS.map((u) => u.email.length));
    process.stdout.write(
      [
        `Demo world created: ${result.companies} companies, ${result.users} users, ${result.devices} devices.`,
        `Every demo user's password is ${DEMO_PASSWORD}`,
        ...DEMO_USERS.map(
          (u) =>
            `  ${u.email.padEnd(width)}  ${demoRoleTitle(u.role).padEnd(20)} ${u.company}${notes(u)}`,
        ),
        "Users the browser journeys sign in as (same password):",
        ...JOURNEY_USERS.map(
          (u) =>
            `  ${u.email.padEnd(width)}  ${FIXED_ROLES[u.role].title.padEnd(20)} ${u.company} (${u.purpose})`,
        ),
        `An invitation for newcomer@demo.example.com: ${publicUrl}/account/register?token=${encodeURIComponent(invitation.token)}`,
        "",
      ].join("\n"),
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Seeding failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
