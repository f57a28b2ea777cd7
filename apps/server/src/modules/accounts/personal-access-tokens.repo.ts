import { and, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, personalAccessTokens, roles, users } from "../../db/schema";
import { actingUser, authUserColumns } from "./accounts.repo";

const columns = {
  id: personalAccessTokens.id,
  userId: personalAccessTokens.userId,
  name: personalAccessTokens.name,
  scopes: personalAccessTokens.scopes,
  prefix: personalAccessTokens.prefix,
  createdAt: personalAccessTokens.createdAt,
  lastUsedAt: personalAccessTokens.lastUsedAt,
  expiresAt: personalAccessTokens.expiresAt,
};

/** Personal access tokens: scripts authenticate with them as `Authorization: Bearer`. */
export function personalAccessTokensRepo(db: Db) {
  return {
    listActive(userId: number) {
      return db
        .select(columns)
        .from(personalAccessTokens)
        .where(
          and(
            eq(personalAccessTokens.userId, userId),
            isNull(personalAccessTokens.revokedAt),
            or(
              isNull(personalAccessTokens.expiresAt),
              gt(personalAccessTokens.expiresAt, sql`now()`),
            ),
          ),
        )
        .orderBy(desc(personalAccessTokens.createdAt), desc(personalAccessTokens.id));
    },

    async create(input: {
      userId: number;
      name: string;
      scopes: string[];
      tokenHash: string;
      prefix: string;
      expiresAt: Date | null;
    }) {
      const [row] = await db.insert(personalAccessTokens).values(input).returning(columns);
      return row!;
    },

    /** Revokes one of the user's tokens; false when it is not theirs or already revoked. */
    async revoke(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .update(personalAccessTokens)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(personalAccessTokens.id, id),
            eq(personalAccessTokens.userId, userId),
            isNull(personalAccessTokens.revokedAt),
          ),
        )
        .returning({ id: personalAccessTokens.id });
      return rows.length === 1;
    },

    /**
     * The user behind a personal access token's hash, with the token, when the token is
     * neither revoked nor expired. Its use is recorded (at most once a minute, so a busy
     * script does not write on every call) in the same statement: one round trip.
     */
    async loadTokenUser(tokenHash: string) {
      const usable = and(
        eq(personalAccessTokens.tokenHash, tokenHash),
        isNull(personalAccessTokens.revokedAt),
        or(isNull(personalAccessTokens.expiresAt), gt(personalAccessTokens.expiresAt, sql`now()`)),
      );
      const touched = db.$with("touched").as(
        db
          .update(personalAccessTokens)
          .set({ lastUsedAt: sql`now()` })
          .where(
            and(
              usable,
              or(
                isNull(personalAccessTokens.lastUsedAt),
                lt(personalAccessTokens.lastUsedAt, sql`now() - interval '1 minute'`),
              ),
            ),
          )
          .returning({ id: personalAccessTokens.id }),
      );
      // PostgreSQL runs the update whether or not the query reads it.
      const [row] = await db
        .with(touched)
        .select({
          ...authUserColumns,
          tokenScopes: personalAccessTokens.scopes,
          tokenCreatedAt: personalAccessTokens.createdAt,
          tokenExpiresAt: personalAccessTokens.expiresAt,
        })
        .from(personalAccessTokens)
        .innerJoin(users, eq(users.id, personalAccessTokens.userId))
        .innerJoin(companies, eq(companies.id, users.companyId))
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(usable);
      if (!row) return undefined;
      return {
        user: actingUser(row),
        scopes: row.tokenScopes,
        createdAt: row.tokenCreatedAt,
        expiresAt: row.tokenExpiresAt,
      };
    },
  };
}

export type PersonalAccessTokenRow = Awaited<
  ReturnType<ReturnType<typeof personalAccessTokensRepo>["create"]>
>;
