import { and, count, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { FileListQuery, FileType } from "@netfleet/contracts/schemas/files";
import type { Db } from "../../db/client";
import { companies, files } from "../../db/schema";
import { inTenant, type TenantScope } from "../../db/tenancy";
import { listOrder, pageIsEmpty, searchCondition } from "../../lib/list-query";

const sortable = {
  id: files.id,
  name: files.name,
  type: files.type,
  file_size: files.fileSize,
  created_at: files.createdAt,
};

export const fileSearchable = {
  name: [files.name],
  description: [files.description],
  version: [files.version],
};

/** Files the caller sees: those of the company tree, and global firmware. */
function visible(scope: TenantScope): SQL | undefined {
  const tenant = inTenant(scope, files.companyId);
  return tenant && or(tenant, isNull(files.companyId));
}

const columns = { file: files, companyName: companies.name };

export type FileRow = { file: typeof files.$inferSelect; companyName: string | null };

export function filesRepo(db: Db) {
  const select = () =>
    db.select(columns).from(files).leftJoin(companies, eq(companies.id, files.companyId));

  return {
    async list(
      scope: TenantScope,
      query: FileListQuery,
    ): Promise<{ rows: FileRow[]; total: number }> {
      const where = and(
        visible(scope),
        searchCondition(query, fileSearchable),
        query.type === undefined ? undefined : eq(files.type, query.type),
        query.device_id === undefined ? undefined : eq(files.deviceId, query.device_id),
        query.company_id === undefined
          ? undefined
          : query.company_id === "global"
            ? isNull(files.companyId)
            : eq(files.companyId, query.company_id),
      );
      const [counted] = await db.select({ total: count() }).from(files).where(where);
      const total = counted?.total ?? 0;
      const order = listOrder(
        query.sort,
        sortable,
        [{ column: files.id, descending: true }],
        total,
      );
      if (pageIsEmpty(query, total)) return { rows: [], total };
      const rows = await select()
        .where(where)
        .orderBy(...order)
        .limit(query.limit)
        .offset(query.offset);
      return { rows, total };
    },

    /** A stored file whoever asks (a device with a download token). */
    async byId(id: number) {
      const [row] = await db.select().from(files).where(eq(files.id, id));
      return row;
    },

    /** Files the caller sees among `ids`. */
    async visibleByIds(scope: TenantScope, ids: readonly number[]): Promise<FileRow[]> {
      if (ids.length === 0) return [];
      return select().where(and(inArray(files.id, [...ids]), visible(scope)));
    },

    /**
     * Records a stored file; a name its company (or the global files) already has for the
     * type raises a unique violation.
     */
    async create(values: {
      companyId: number | null;
      type: FileType;
      name: string;
      description: string | null;
      version: string | null;
      deviceModel: string | null;
      fileSize: number;
      sha256: string;
      storageKey: string;
      uploadedBy: number;
    }): Promise<number> {
      const [row] = await db.insert(files).values(values).returning({ id: files.id });
      return row!.id;
    },

    async setDescription(id: number, description: string) {
      await db.update(files).set({ description }).where(eq(files.id, id));
    },

    /** Forgets a file; answers its storage key, for the caller to remove the bytes. */
    async remove(id: number): Promise<string | undefined> {
      const [row] = await db
        .delete(files)
        .where(eq(files.id, id))
        .returning({ key: files.storageKey });
      return row?.key;
    },
  };
}
