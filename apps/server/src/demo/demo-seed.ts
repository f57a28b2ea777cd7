import type { Permission } from "@netfleet/contracts/permissions";
import { FIXED_ROLES, type FixedRoleName } from "@netfleet/contracts/roles";
import type { Db } from "../db/client";
import { type InsertedCompany, companiesRepo } from "../modules/companies/companies.repo";
import { creditsRepo } from "../modules/credits/credits.repo";
import { devicesRepo } from "../modules/devices/devices.repo";
import { impersonationRepo } from "../modules/impersonation/impersonation.repo";
import { rolesRepo } from "../modules/roles/roles.repo";
import { tagsRepo } from "../modules/tags/tags.repo";
import { usersRepo } from "../modules/users/users.repo";

/**
 * The demo world: a level-1 company with two levels of subsidiaries, a user of each
 * fixed role spread over them, tags and devices. The e2e suite signs in as these users;
 * newcomers use them to look around.
 */
export const DEMO_COMPANY = "Netfleet Demo";
export const DEMO_PASSWORD = "Demo-password-1";

/**
 * A company's own role that holds no view permission at all, so the console's "no view
 * permissions" screen can be seen.
 */
export const DEMO_CUSTOM_ROLES = [
  {
    name: "billing_contact",
    title: "Billing contact",
    description: "Redeems credit codes; sees nothing else.",
    company: DEMO_COMPANY,
    permissions: ["activate_credit_transfer_codes"] satisfies Permission[],
  },
] as const;

export type DemoRoleName = FixedRoleName | (typeof DEMO_CUSTOM_ROLES)[number]["name"];

export function demoRoleTitle(role: DemoRoleName): string {
  return (
    DEMO_CUSTOM_ROLES.find((r) => r.name === role)?.title ??
    FIXED_ROLES[role as FixedRoleName].title
  );
}

/** How long the demo end user allows impersonation, counted from seeding. */
export const DEMO_IMPERSONATION_DAYS = 30;

export const DEMO_USERS: readonly {
  email: string;
  role: DemoRoleName;
  company: string;
  verified?: boolean;
  /** Defaults to the e-mail's local part; an older account's user name is its e-mail. */
  username?: string;
  /** Days from seeding that the user allows impersonation for. */
  impersonationDays?: number;
}[] = [
  { email: "superadmin@demo.example.com", role: "super_admin", company: DEMO_COMPANY },
  { email: "support@demo.example.com", role: "support", company: DEMO_COMPANY },
  { email: "admin@demo.example.com", role: "admin", company: DEMO_COMPANY },
  { email: "admin.north@demo.example.com", role: "admin", company: "Northwind Networks" },
  { email: "admin.south@demo.example.com", role: "admin", company: "Southfield Telecom" },
  {
    email: "advanced.guest@demo.example.com",
    role: "readonly_admin",
    company: "Northwind Networks",
  },
  {
    email: "enduser@demo.example.com",
    role: "end_user",
    company: "Northwind Retail",
    impersonationDays: DEMO_IMPERSONATION_DAYS,
  },
  { email: "enduser.south@demo.example.com", role: "end_user", company: "Southfield Rural" },
  { email: "guest@demo.example.com", role: "read_only", company: "Northwind Logistics" },
  {
    email: "unverified@demo.example.com",
    role: "end_user",
    company: "Southfield Telecom",
    verified: false,
  },
  { email: "noview@demo.example.com", role: "billing_contact", company: DEMO_COMPANY },
  {
    email: "legacy@demo.example.com",
    role: "end_user",
    company: "Southfield Rural",
    username: "legacy@demo.example.com",
  },
  { email: "warehouse.lead@demo.example.com", role: "end_user", company: "Northwind Logistics" },
];

/** Credit types and the balances two companies hold: [credits received, credits left]. */
const CREDIT_TYPES = [
  { code: "remote_access", name: "Remote access", paymentType: "paid" },
  { code: "data", name: "Data", paymentType: "paid" },
  { code: "sms", name: "SMS", paymentType: "free" },
] as const;

const CREDITS: Readonly<
  Record<string, Record<(typeof CREDIT_TYPES)[number]["code"], [number, number]>>
> = {
  [DEMO_COMPANY]: { remote_access: [500, 312], data: [40, 18], sms: [1000, 870] },
  "Northwind Networks": { remote_access: [120, 7], data: [10, 2], sms: [200, 200] },
};

const GB = 1024 ** 3;
/** Company data remaining, in bytes. */
const REMAINING_DATA: Readonly<Record<string, number>> = {
  [DEMO_COMPANY]: 150 * GB,
  "Northwind Networks": Math.round(3.5 * GB),
};

/** Past impersonations, so the log page has rows to show: [operator, user, days ago, hours, end]. */
const PAST_IMPERSONATIONS = [
  ["support@demo.example.com", "enduser@demo.example.com", 9, 1, "cancelled"],
  ["superadmin@demo.example.com", "admin.north@demo.example.com", 6, 2, "expired"],
  ["support@demo.example.com", "enduser.south@demo.example.com", 3, 1, "signed_out"],
  ["support@demo.example.com", "enduser@demo.example.com", 1, 3, "revoked"],
] as const;

/** Parent first, so every parent exists before its children. */
const TREE: readonly { name: string; parent: string | null }[] = [
  { name: DEMO_COMPANY, parent: null },
  { name: "Northwind Networks", parent: DEMO_COMPANY },
  { name: "Southfield Telecom", parent: DEMO_COMPANY },
  { name: "Northwind Retail", parent: "Northwind Networks" },
  { name: "Northwind Logistics", parent: "Northwind Networks" },
  { name: "Southfield Rural", parent: "Southfield Telecom" },
];

const TAGS: readonly { company: string; name: string; color: string; description: string }[] = [
  { company: DEMO_COMPANY, name: "Core", color: "#4263eb", description: "Backbone routers" },
  {
    company: DEMO_COMPANY,
    name: "Critical",
    color: "#e03131",
    description: "Page on-call when offline",
  },
  {
    company: "Northwind Networks",
    name: "Stores",
    color: "#2f9e44",
    description: "In-store gateways",
  },
  {
    company: "Northwind Logistics",
    name: "Vehicles",
    color: "#f08c00",
    description: "Routers in trucks",
  },
  {
    company: "Southfield Telecom",
    name: "Backhaul",
    color: "#7048e8",
    description: "Cellular backhaul links",
  },
  {
    company: "Northwind Logistics",
    name: "Warehouse",
    color: "#1098ad",
    description: "Gateways in the distribution centres",
  },
];

/** Models of the families the product names, with a firmware each runs. */
const MODELS: readonly [model: string, firmware: string][] = [
  ["RUTX11", "RUTX_R_00.07.06.10"],
  ["RUT241", "RUT2M_R_00.07.06.10"],
  ["RUTM50", "RUTM_R_00.07.07.1"],
  ["TRB140", "TRB1_R_00.07.06.6"],
  ["TSW100", "TSW1_R_00.01.05.1"],
  ["TAP100", "TAP1_R_00.07.06.3"],
  ["OTD140", "OTD1_R_00.07.05.4"],
  ["TCR100", "TCR1_R_00.07.06.1"],
  ["RUTX50", "RUTX_R_00.07.06.10"],
  ["DAP140", "DAP1_R_00.07.04.2"],
];

const DEVICES_PER_COMPANY = 4;

/**
 * More devices of one kind than search shows per category (10), in one company that a
 * sibling branch (Southfield) cannot see: "warehouse" finds them, a tag and a user.
 */
const WAREHOUSE = { company: "Northwind Logistics", gateways: 12, model: "RUTX50" } as const;

/** Locally administered addresses (02:…), so they never collide with real hardware. */
function demoMac(n: number): string {
  const byte = (b: number) => b.toString(16).padStart(2, "0").toUpperCase();
  return `02:4E:46:00:${byte(n >> 8)}:${byte(n & 255)}`;
}

export interface DemoSeedResult {
  created: boolean;
  /** Ids of the demo companies by name. */
  companyIds: Record<string, number>;
  companies: number;
  users: number;
  devices: number;
}

/**
 * Fills the database with the demo world, once; a second run changes nothing. Everything is
 * written through the owning modules' repositories, as the console itself would.
 */
export async function seedDemo(
  db: Db,
  hash: (password: string) => Promise<string>,
): Promise<DemoSeedResult> {
  // The demo super administrator's address is unique: its account marks a seeded world.
  if (await usersRepo(db).findCredentialsByEmail(DEMO_USERS[0]!.email)) {
    return { created: false, companyIds: {}, companies: 0, users: 0, devices: 0 };
  }
  const passwordHash = await hash(DEMO_PASSWORD);

  return db.transaction(async (tx) => {
    const byName = new Map<string, InsertedCompany>();
    for (const node of TREE) {
      const parent = node.parent ? byName.get(node.parent) : null;
      byName.set(
        node.name,
        await companiesRepo(tx).insert({
          name: node.name,
          parent,
          showPayment: node.parent === null,
        }),
      );
    }
    const companyId = (name: string) => byName.get(name)!.id;

    const customRoleIds = new Map<string, number>();
    for (const role of DEMO_CUSTOM_ROLES) {
      const id = await rolesRepo(tx).createCustom({
        name: role.name,
        title: role.title,
        description: role.description,
        companyId: companyId(role.company),
        permissions: role.permissions,
      });
      customRoleIds.set(role.name, id);
    }
    const roleId = (role: DemoRoleName) =>
      customRoleIds.get(role) ?? FIXED_ROLES[role as FixedRoleName].id;

    const now = Date.now();
    const insertedUsers = await usersRepo(tx).insert(
      DEMO_USERS.map((u) => ({
        email: u.email,
        username: u.username ?? u.email.split("@")[0]!,
        firstName: u.email
          .split("@")[0]!
          .split(".")[0]!
          .replace(/^./, (c) => c.toUpperCase()),
        passwordHash,
        companyId: companyId(u.company),
        roleId: roleId(u.role),
        emailVerifiedAt: u.verified === false ? null : new Date(now),
        tosAccepted: true,
        impersonationAccessLimit: u.impersonationDays
          ? new Date(now + u.impersonationDays * 86_400_000)
          : null,
      })),
    );
    const userByEmail = new Map(insertedUsers.map((u) => [u.email, u]));

    const credits = creditsRepo(tx);
    const insertedTypes = await credits.insertTypes(CREDIT_TYPES.map((c) => ({ ...c })));
    await credits.insertBalances(
      Object.entries(CREDITS).flatMap(([company, balances]) =>
        insertedTypes.map((type) => {
          const [count, left] = balances[type.code as keyof typeof balances];
          return {
            companyId: companyId(company),
            creditTypeId: type.id,
            creditsCount: count,
            creditsLeft: left,
          };
        }),
      ),
    );
    for (const [company, bytes] of Object.entries(REMAINING_DATA)) {
      await companiesRepo(tx).setRemainingData(companyId(company), bytes);
    }

    await impersonationRepo(tx).addEnded(
      PAST_IMPERSONATIONS.map(([operatorEmail, targetEmail, daysAgo, hours, endReason]) => {
        const operator = userByEmail.get(operatorEmail)!;
        const target = userByEmail.get(targetEmail)!;
        const startedAt = new Date(now - daysAgo * 86_400_000);
        return {
          operatorId: operator.id,
          operatorEmail,
          targetId: target.id,
          targetEmail,
          targetCompanyId: target.companyId,
          startedAt,
          endedAt: new Date(startedAt.getTime() + hours * 3_600_000),
          endReason,
        };
      }),
    );
    for (const t of TAGS) {
      await tagsRepo(tx).create(companyId(t.company), {
        name: t.name,
        color: t.color,
        description: t.description,
      });
    }

    let n = 0;
    const rows = TREE.flatMap((node) =>
      Array.from({ length: DEVICES_PER_COMPANY }, () => {
        n += 1;
        const [model, firmware] = MODELS[n % MODELS.length]!;
        const site = node.name.split(" ")[0]!.toLowerCase();
        return {
          companyId: companyId(node.name),
          name: `${site}-${model.toLowerCase()}-${String(n).padStart(2, "0")}`,
          serial: String(1_100_000_000 + n * 7_919),
          mac: demoMac(n),
          model,
          firmware,
          status: n % 5 === 0 ? 0 : n % 7 === 0 ? 2 : 1,
          createdAt: new Date(Date.UTC(2026, 0, 1) + n * 86_400_000 * 3),
        };
      }),
    );
    const firmware = MODELS.find(([model]) => model === WAREHOUSE.model)![1];
    for (let i = 1; i <= WAREHOUSE.gateways; i++) {
      n += 1;
      rows.push({
        companyId: companyId(WAREHOUSE.company),
        name: `Warehouse gateway ${String(i).padStart(2, "0")}`,
        serial: String(1_100_000_000 + n * 7_919),
        mac: demoMac(n),
        model: WAREHOUSE.model,
        firmware,
        status: i % 4 === 0 ? 0 : 1,
        createdAt: new Date(Date.UTC(2026, 0, 1) + n * 86_400_000 * 3),
      });
    }
    await devicesRepo(tx).insert(rows);
    return {
      created: true,
      companyIds: Object.fromEntries([...byName].map(([name, c]) => [name, c.id])),
      companies: TREE.length,
      users: DEMO_USERS.length,
      devices: rows.length,
    };
  });
}
