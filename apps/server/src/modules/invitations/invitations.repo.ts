import { and, count, eq, gt, ilike, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type {
  InvitationListQuery,
  InvitationStatus,
} from "@netfleet/contracts/schemas/invitations";
import type { Db } from "../../db/client";
import { companies, invitations, roles, suppressedEmails, users } from "../../db/schema";
import { inTenant, type TenantScope } from "../../db/tenancy";
import { likeContains, listOrder, pageIsEmpty } from "../../lib/list-query";

const inviter = alias(users, "inviter");

/** Where an invitation stands, judged by the database's clock like the link check. */
const status = sql<InvitationStatus>`case
  when ${invitations.acceptedAt} is not null then 'accepted'
  when ${invitations.revokedAt} is not null then 'revoked'
  when ${invitations.expiresAt} <= now() then 'expired'
  else 'pending' end`;

const STATUS_CONDITIONS: Record<InvitationStatus, () => SQL | undefined> = {
  accepted: () => isNotNull(invitations.acceptedAt),
  revoked: () => and(isNull(invitations.acceptedAt), isNotNull(invitations.revokedAt)),
  expired: () =>
    and(
      isNull(invitations.acceptedAt),
      isNull(invitations.revokedAt),
      lte(invitations.expiresAt, sql`now()`),
    ),
  pending: () => open(),
};

/** Neither accepted nor revoked, and not expired: the link works. */
function open() {
  return and(
    isNull(invitations.acceptedAt),
    isNull(invitations.revokedAt),
    gt(invitations.expiresAt, sql`now()`),
  );
}

const sortable = {
  id: invitations.id,
  email: invitations.email,
  created_at: invitations.createdAt,
  expires_at: invitations.expiresAt,
  status,
  company_name: companies.name,
  role: roles.name,
};

export interface InvitationListFilters {
  companyId: number | undefined;
  statuses: InvitationStatus[];
}

const listColumns = {
  invitation: invitations,
  status,
  companyName: companies.name,
  roleName: roles.name,
  roleTitle: roles.title,
  invitedByEmail: inviter.email,
  bounceStatus: suppressedEmails.reason,
};

/** Invitations to register, their links and where each stands. Pass a transaction to run inside it. */
export function invitationsRepo(db: Db) {
  const rows = () =>
    db
      .select(listColumns)
      .from(invitations)
      .innerJoin(companies, eq(companies.id, invitations.companyId))
      .innerJoin(roles, eq(roles.id, invitations.roleId))
      .leftJoin(inviter, eq(inviter.id, invitations.invitedById))
      .leftJoin(suppressedEmails, eq(suppressedEmails.email, invitations.email));

  return {
    async insert(input: {
      email: string;
      companyId: number;
      roleId: number;
      invitedById: number | null;
      tokenHash: string;
      expiresAt: Date;
    }): Promise<number> {
      const [row] = await db
        .insert(invitations)
        .values({ ...input, email: input.email.toLowerCase() })
        .returning({ id: invitations.id });
      return row!.id;
    },

    /** An invitation that can still be accepted, with what the registration page shows. */
    async findOpen(tokenHash: string) {
      const [row] = await db
        .select({
          id: invitations.id,
          email: invitations.email,
          companyId: invitations.companyId,
          companyName: companies.name,
          roleId: invitations.roleId,
          roleTitle: roles.title,
          expiresAt: invitations.expiresAt,
          invitedById: invitations.invitedById,
        })
        .from(invitations)
        .innerJoin(companies, eq(companies.id, invitations.companyId))
        .innerJoin(roles, eq(roles.id, invitations.roleId))
        .where(and(eq(invitations.tokenHash, tokenHash), open()));
      return row;
    },

    /** Marks an open invitation accepted; false when it was accepted or revoked meanwhile. */
    async accept(id: number): Promise<boolean> {
      const rows = await db
        .update(invitations)
        .set({ acceptedAt: sql`now()` })
        .where(and(eq(invitations.id, id), open()))
        .returning({ id: invitations.id });
      return rows.length === 1;
    },

    /** An invitation to a company of the caller's tree, or undefined. */
    async find(scope: TenantScope, id: number) {
      const [row] = await rows().where(
        and(eq(invitations.id, id), inTenant(scope, invitations.companyId)),
      );
      return row;
    },

    /** One page of the invitations to the caller's company tree, and how many match. */
    async list(scope: TenantScope, query: InvitationListQuery, filters: InvitationListFilters) {
      const role = query.role;
      const where = and(
        inTenant(scope, invitations.companyId),
        query.q ? ilike(invitations.email, likeContains(query.q)) : undefined,
        filters.companyId === undefined ? undefined : eq(invitations.companyId, filters.companyId),
        role === undefined
          ? undefined
          : /^\d{1,9}$/.test(role)
            ? eq(invitations.roleId, Number(role))
            : eq(roles.name, role),
        or(...filters.statuses.map((s) => STATUS_CONDITIONS[s]())),
      );
      const [counted] = await db
        .select({ total: count() })
        .from(invitations)
        .innerJoin(roles, eq(roles.id, invitations.roleId))
        .where(where);
      const total = counted?.total ?? 0;
      const order = listOrder(
        query.sort,
        sortable,
        [{ column: invitations.id, descending: true }],
        total,
      );
      if (pageIsEmpty(query, total)) return { rows: [], total };
      const page = await rows()
        .where(where)
        .orderBy(...order)
        .limit(query.limit)
        .offset(query.offset);
      return { rows: page, total };
    },

    /**
     * Gives a pending or expired invitation a new link and a new expiry; the old link stops
     * working. False when it was accepted or revoked.
     */
    async renew(id: number, tokenHash: string, expiresAt: Date): Promise<boolean> {
      const rows = await db
        .update(invitations)
        .set({ tokenHash, expiresAt })
        .where(
          and(
            eq(invitations.id, id),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
          ),
        )
        .returning({ id: invitations.id });
      return rows.length === 1;
    },

    /** Withdraws a pending or expired invitation; false when it was accepted or revoked. */
    async revoke(id: number): Promise<boolean> {
      const rows = await db
        .update(invitations)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(invitations.id, id),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
          ),
        )
        .returning({ id: invitations.id });
      return rows.length === 1;
    },
  };
}

export type InvitationRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof invitationsRepo>["find"]>>
>;
