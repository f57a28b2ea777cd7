import { eq, sql } from "drizzle-orm";
import { FIXED_ROLES, type FixedRoleName } from "@netfleet/contracts/roles";
import type { Db } from "./client";
import { insertCompany } from "./bootstrap";
import { companies, devices, tags, users } from "./schema";

/**
 * The demo world: a level-1 company with two levels of subsidiaries, a user of each
 * fixed role spread over them, tags and devices. The e2e suite signs in as these users;
 * newcomers use them to look around.
 */
export const DEMO_COMPANY = "Netfleet Demo";
export const DEMO_PASSWORD = "Demo-password-1";

export const DEMO_USERS: readonly {
  email: string;
  role: FixedRoleName;
  company: string;
  verified?: boolean;
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
  { email: "enduser@demo.example.com", role: "end_user", company: "Northwind Retail" },
  { email: "enduser.south@demo.example.com", role: "end_user", company: "Southfield Rural" },
  { email: "guest@demo.example.com", role: "read_only", company: "Northwind Logistics" },
  {
    email: "unverified@demo.example.com",
    role: "end_user",
    company: "Southfield Telecom",
    verified: false,
  },
];

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

export interface DemoSeedResult {
  created: boolean;
  /** Ids of the demo companies by name. */
  companyIds: Record<string, number>;
  companies: number;
  users: number;
  devices: number;
}

/** Fills the database with the demo world, once; a second run changes nothing. */
export async function seedDemo(
  db: Db,
  hash: (password: string) => Promise<string>,
): Promise<DemoSeedResult> {
  const [existing] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, DEMO_COMPANY));
  if (existing) return { created: false, companyIds: {}, companies: 0, users: 0, devices: 0 };
  const passwordHash = await hash(DEMO_PASSWORD);

  return db.transaction(async (tx) => {
    const byName = new Map<string, Awaited<ReturnType<typeof insertCompany>>>();
    for (const node of TREE) {
      const parent = node.parent ? byName.get(node.parent) : null;
      byName.set(
        node.name,
        await insertCompany(tx, { name: node.name, parent, showPayment: node.parent === null }),
      );
    }
    const companyId = (name: string) => byName.get(name)!.id;

    await tx.insert(users).values(
      DEMO_USERS.map((u) => ({
        email: u.email,
        username: u.email.split("@")[0]!,
        firstName: u.email
          .split("@")[0]!
          .split(".")[0]!
          .replace(/^./, (c) => c.toUpperCase()),
        passwordHash,
        companyId: companyId(u.company),
        roleId: FIXED_ROLES[u.role].id,
        emailVerifiedAt: u.verified === false ? null : sql`now()`,
        tosAccepted: true,
      })),
    );
    await tx.insert(tags).values(
      TAGS.map((t) => ({
        companyId: companyId(t.company),
        name: t.name,
        color: t.color,
        description: t.description,
      })),
    );

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
          // Locally administered addresses (02:…), so they never collide with real hardware.
          mac: `02:4E:46:00:${(n >> 8).toString(16).padStart(2, "0")}:${(n & 255).toString(16).padStart(2, "0")}`.toUpperCase(),
          model,
          firmware,
          status: n % 5 === 0 ? 0 : n % 7 === 0 ? 2 : 1,
          createdAt: new Date(Date.UTC(2026, 0, 1) + n * 86_400_000 * 3),
        };
      }),
    );
    await tx.insert(devices).values(rows);
    return {
      created: true,
      companyIds: Object.fromEntries([...byName].map(([name, c]) => [name, c.id])),
      companies: TREE.length,
      users: DEMO_USERS.length,
      devices: rows.length,
    };
  });
}
