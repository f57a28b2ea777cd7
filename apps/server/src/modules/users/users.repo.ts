import { and, count, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { UserListQuery } from "@netfleet/contracts/schemas/users";
import type { Db } from "../../db/client";
import { type MfaPending, companies, roles, users } from "../../db/schema";
import { inTenant, type TenantScope } from "../../db/tenancy";
import { listOrder, pageIsEmpty, searchCondition, sortKeys } from "../../lib/list-query";
import { roleSummaryColumns } from "../roles/roles.repo";

// The users table belongs to this repository: other modules write it through usersRepo and
// read it through these column sets, so what a column means is decided in one place.

/** Who a user is, as lists, logs and links name them. */
export const userSummaryColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  companyId: users.companyId,
  roleId: users.roleId,
};

/** What authorisation reads about the user on every request. */
export const userAuthColumns = {
  id: users.id,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  disabledAt: users.disabledAt,
  companyId: users.companyId,
  roleId: users.roleId,
  mfaType: users.mfaType,
};

/** What checking a password or a second factor reads. Secrets: never for a presenter. */
const userCredentialColumns = {
  ...userAuthColumns,
  passwordHash: users.passwordHash,
  totpSecret: users.totpSecret,
  totpLastStep: users.totpLastStep,
  mfaPending: users.mfaPending,
};

/** The user's impersonation grant, judged by the database's clock like every later check. */
const userImpersonationColumns = {
  impersonationAccessLimit: users.impersonationAccessLimit,
  impersonationGrantLive: sql<boolean>`coalesce(${users.impersonationAccessLimit} > now(), false)`,
};

const fullName = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;

/**
 * What `q` matches. E-mail and username have pg_trgm indexes; names are not indexed, which
 * a company's user count keeps affordable.
 */
export const userSearchable = {
  email: [users.email],
  username: [users.username],
  name: [users.firstName, users.lastName, fullName],
};

const sortable = {
  id: users.id,
  email: users.email,
  username: users.username,
  first_name: users.firstName,
  last_name: users.lastName,
  company_name: companies.name,
  role: users.roleId,
  last_login_at: users.lastLoginAt,
  created_at: users.createdAt,
};

const neverSignedIn = sql`(${users.lastLoginAt} is null)`;

export interface UserListFilters {
  ids: number[] | undefined;
  companyId: number | undefined;
}

export function usersRepo(db: Db) {
  return {
    /** The user with company and role (the current-user answer, one user); `scope` limits it. */
    async findProfile(id: number, scope?: TenantScope) {
      const [row] = await db
        .select({
          user: users,
          company: {
            id: companies.id,
            name: companies.name,
            level: companies.level,
            parentId: companies.parentId,
            showPayment: companies.showPayment,
          },
          role: roleSummaryColumns,
        })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(eq(users.id, id), scope && inTenant(scope, users.companyId)));
      return row;
    },

    /** One page of the users of the caller's company tree, and how many match in all. */
    async list(scope: TenantScope, query: UserListQuery, filters: UserListFilters) {
      const role = query.role;
      const where = and(
        inTenant(scope, users.companyId),
        searchCondition(query, userSearchable),
        filters.ids && inArray(users.id, filters.ids),
        filters.companyId === undefined ? undefined : eq(users.companyId, filters.companyId),
        role === undefined
          ? undefined
          : /^\d{1,9}$/.test(role)
            ? eq(users.roleId, Number(role))
            : eq(roles.name, role),
      );
      const [counted] = await db
        .select({ total: count() })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(where);
      const total = counted?.total ?? 0;
      // Users who never signed in come last whichever way the list is sorted by last sign-in.
      const keys = sortKeys(query.sort, Object.keys(sortable)).flatMap(({ name, descending }) => [
        ...(name === "last_login_at" ? [{ column: neverSignedIn, descending: false }] : []),
        { column: sortable[name as keyof typeof sortable], descending },
      ]);
      const order = listOrder(
        undefined,
        sortable,
        [...keys, { column: users.id, descending: true }],
        total,
      );
      if (pageIsEmpty(query, total)) return { rows: [], total };
      const rows = await db
        .select({
          user: users,
          companyName: companies.name,
          role: roleSummaryColumns,
        })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(where)
        .orderBy(...order)
        .limit(query.limit)
        .offset(query.offset);
      return { rows, total };
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users);
      return row?.n ?? 0;
    },

    /** Holds off every other writer of users until the transaction ends. */
    async lockTable() {
      await db.execute(sql`lock table ${users} in exclusive mode`);
    },

    /** A user of the caller's company tree, or undefined. */
    async findInScope(scope: TenantScope, id: number) {
      const [row] = await db
        .select({ ...userAuthColumns, ...userImpersonationColumns })
        .from(users)
        .where(and(eq(users.id, id), inTenant(scope, users.companyId)));
      return row;
    },

    /** A user of the caller's company tree by e-mail, or undefined. */
    async findByEmailInScope(scope: TenantScope, email: string) {
      const [row] = await db
        .select(userAuthColumns)
        .from(users)
        .where(and(eq(users.email, email.toLowerCase()), inTenant(scope, users.companyId)));
      return row;
    },

    /** Who the user is, or undefined when the account is gone. */
    async findSummary(id: number) {
      const [row] = await db.select(userSummaryColumns).from(users).where(eq(users.id, id));
      return row;
    },

    /** Whether any account, in any company, has this address. */
    async emailTaken(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email.toLowerCase()));
      return row !== undefined;
    },

    /** The account an e-mail signs in to, with what checking its password needs. */
    async findCredentialsByEmail(email: string) {
      const [row] = await db
        .select(userCredentialColumns)
        .from(users)
        .where(eq(users.email, email.toLowerCase()));
      return row;
    },

    /** What the password and second-factor checks need, and whether the company requires one. */
    async findCredentials(id: number) {
      const [row] = await db
        .select({ ...userCredentialColumns, mfaMandatory: companies.mfaMandatory })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(eq(users.id, id));
      return row;
    },

    /** The ids of a company's own users, subsidiaries not included. */
    async idsOfCompany(companyId: number): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.companyId, companyId))
        .orderBy(users.id);
      return rows.map((r) => r.id);
    },

    /** Users of the caller's tree with what moving them needs; those outside are left out. */
    async findForMove(scope: TenantScope, ids: number[]) {
      return db
        .select({
          id: users.id,
          email: users.email,
          roleId: users.roleId,
          roleCompanyId: roles.companyId,
          companyId: users.companyId,
          companyName: companies.name,
        })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(inArray(users.id, ids), inTenant(scope, users.companyId)));
    },

    async setRole(id: number, roleId: number) {
      await db.update(users).set({ roleId }).where(eq(users.id, id));
    },

    async moveToCompany(ids: number[], companyId: number) {
      await db.update(users).set({ companyId }).where(inArray(users.id, ids));
    },

    /**
     * Deletes the account; its sessions, tokens and one-time links go with it, so whatever
     * it held stops working on the next request. Whether it was there.
     */
    async delete(id: number): Promise<boolean> {
      const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length === 1;
    },

    /** Rows as given (the first start, the demo world), e-mails lower-cased. */
    insert(rows: (typeof users.$inferInsert)[]) {
      return db
        .insert(users)
        .values(rows.map((row) => ({ ...row, email: row.email.toLowerCase() })))
        .returning();
    },

    /** A registered account's id, or undefined when the e-mail is taken. */
    async create(input: {
      email: string;
      username: string | null;
      firstName?: string | null;
      lastName?: string | null;
      passwordHash: string | null;
      companyId: number;
      roleId: number;
      emailVerified: boolean;
    }) {
      const [row] = await db
        .insert(users)
        .values({
          email: input.email.toLowerCase(),
          username: input.username,
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          passwordHash: input.passwordHash,
          companyId: input.companyId,
          roleId: input.roleId,
          emailVerifiedAt: input.emailVerified ? sql`now()` : null,
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      return row?.id;
    },

    async recordSignIn(id: number) {
      await db
        .update(users)
        .set({ lastLoginAt: sql`now()` })
        .where(eq(users.id, id));
    },

    async setPasswordHash(id: number, passwordHash: string) {
      await db.update(users).set({ passwordHash }).where(eq(users.id, id));
    },

    async markEmailVerified(id: number) {
      await db
        .update(users)
        .set({ emailVerifiedAt: sql`now()` })
        .where(eq(users.id, id));
    },

    async setTosAccepted(id: number, accepted: boolean) {
      await db.update(users).set({ tosAccepted: accepted }).where(eq(users.id, id));
    },

    /** Sets a new, unconfirmed address; false when another account holds it. */
    async changeEmail(id: number, email: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ email: email.toLowerCase(), emailVerifiedAt: null })
        .where(
          and(
            eq(users.id, id),
            sql`not exists (select 1 from ${users} other where other.email = ${email.toLowerCase()} and other.id <> ${id})`,
          ),
        )
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async setImpersonationAccessLimit(id: number, until: Date | null) {
      await db.update(users).set({ impersonationAccessLimit: until }).where(eq(users.id, id));
    },

    /** Records an accepted TOTP step; false when that step or a later one was used already. */
    async advanceTotpStep(id: number, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
        .returning({ id: users.id });
      return rows.length === 1;
    },

    async setMfaPending(id: number, pending: MfaPending | null) {
      await db.update(users).set({ mfaPending: pending }).where(eq(users.id, id));
    },

    /**
     * Counts one code against the enrolment in progress and returns it; undefined when
     * there is none or its attempts are spent. One statement, so concurrent codes count.
     */
    async takeMfaEnrolmentAttempt(id: number, maxAttempts: number) {
      const attempts = sql`(${users.mfaPending}->>'attempts')::int`;
      const [row] = await db
        .update(users)
        .set({
          mfaPending: sql`jsonb_set(${users.mfaPending}, '{attempts}', to_jsonb(${attempts} + 1))`,
        })
        .where(and(eq(users.id, id), isNotNull(users.mfaPending), lt(attempts, maxAttempts)))
        .returning({ pending: users.mfaPending });
      return row?.pending ?? undefined;
    },

    /** Sets the second factor (null: none), ending any enrolment and the TOTP step record. */
    async setSecondFactor(id: number, type: "email" | "totp" | null, totpSecret: string | null) {
      await db
        .update(users)
        .set({ mfaType: type, totpSecret, totpLastStep: null, mfaPending: null })
        .where(eq(users.id, id));
    },
  };
}

export type UserListRow = Awaited<ReturnType<ReturnType<typeof usersRepo>["list"]>>["rows"][number];

export type UserProfileRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof usersRepo>["findProfile"]>>
>;
