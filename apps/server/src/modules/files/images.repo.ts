import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { images } from "../../db/schema";
import { inTenant, type TenantScope } from "../../db/tenancy";

export type ImageRow = typeof images.$inferSelect;

/** Images of the company tree (table images). */
export function imagesRepo(db: Db) {
  return {
    async list(
      scope: TenantScope,
      query: { limit: number; offset: number; company_id?: number | undefined },
    ): Promise<{ rows: ImageRow[]; total: number }> {
      const where = and(
        inTenant(scope, images.companyId),
        query.company_id === undefined ? undefined : eq(images.companyId, query.company_id),
      );
      const [counted] = await db.select({ total: count() }).from(images).where(where);
      const rows = await db
        .select()
        .from(images)
        .where(where)
        .orderBy(desc(images.id))
        .limit(query.limit)
        .offset(query.offset);
      return { rows, total: counted?.total ?? 0 };
    },

    async find(scope: TenantScope, id: number): Promise<ImageRow | undefined> {
      const [row] = await db
        .select()
        .from(images)
        .where(and(eq(images.id, id), inTenant(scope, images.companyId)));
      return row;
    },

    async create(values: typeof images.$inferInsert): Promise<ImageRow> {
      const [row] = await db.insert(images).values(values).returning();
      return row!;
    },

    async setDescription(id: number, description: string) {
      await db
        .update(images)
        .set({ description: description || null, updatedAt: new Date() })
        .where(eq(images.id, id));
    },

    async remove(id: number) {
      await db.delete(images).where(eq(images.id, id));
    },
  };
}
