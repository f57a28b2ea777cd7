import { and, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { personalAccessTokens } from "../../db/schema";

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

    /** The token behind a bearer secret, if it is neither revoked nor expired. */
    async findUsable(tokenHash: string) {
      const [row] = await db
        .select(columns)
        .from(personalAccessTokens)
        .where(
          and(
            eq(personalAccessTokens.tokenHash, tokenHash),
            isNull(personalAccessTokens.revokedAt),
            or(
              isNull(personalAccessTokens.expiresAt),
              gt(personalAccessTokens.expiresAt, sql`now()`),
            ),
          ),
        );
      return row;
    },

    /** Records use at most once a minute, so a busy script does not write on every call. */
    async touch(id: number) {
      await db
        .update(personalAccessTokens)
        .set({ lastUsedAt: sql`now()` })
        .where(
          and(
            eq(personalAccessTokens.id, id),
            or(
              isNull(personalAccessTokens.lastUsedAt),
              lt(personalAccessTokens.lastUsedAt, sql`now() - interval '1 minute'`),
            ),
          ),
        );
    },
  };
}

export type PersonalAccessTokenRow = Awaited<
  ReturnType<ReturnType<typeof personalAccessTokensRepo>["create"]>
>;
