import { and, eq, inArray, sql } from "drizzle-orm";
import type { DeviceFacts } from "@netfleet/contracts/device-protocol";
import { columnOf, type Db, resultRows } from "../../db/client";
import { companies, devices, deviceTags, tags } from "../../db/schema";
import { inTenant, type TenantScope } from "../../db/tenancy";

export function devicesRepo(db: Db) {
  return {
    /**
     * The device registered with this serial, anywhere, and whether it lies in `scope`: an
     * enrolment may take over only a device of the token's own company tree.
     */
    async findBySerial(scope: TenantScope, serial: string) {
      const [row] = await db
        .select({
          id: devices.id,
          mac: devices.mac,
          inScope: sql<boolean>`coalesce(${inTenant(scope, devices.companyId) ?? sql`true`}, false)`,
        })
        .from(devices)
        .where(eq(devices.serial, serial));
      return row;
    },

    /** Gives an enrolling device its secret; it counts as connected only once it connects. */
    async issueSecret(
      id: number,
      secretHash: string,
      report: { model: string; firmware?: string },
    ) {
      await db
        .update(devices)
        .set({
          secretHash,
          enrolledAt: sql`now()`,
          status: 0,
          model: report.model,
          ...(report.firmware === undefined ? {} : { firmware: report.firmware }),
        })
        .where(eq(devices.id, id));
    },

    /** Registers an enrolling device; undefined when its serial was taken meanwhile. */
    async createEnrolled(row: {
      companyId: number;
      serial: string;
      mac: string;
      model: string;
      firmware: string | null;
      secretHash: string;
    }): Promise<number | undefined> {
      const [created] = await db
        .insert(devices)
        .values({ ...row, name: row.serial, status: 0, enrolledAt: sql`now()` })
        .onConflictDoNothing({ target: devices.serial })
        .returning({ id: devices.id });
      return created?.id;
    },

    /** The hashes of many devices' secrets at once; enrolled devices only. */
    async secretHashesOf(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: devices.id, secretHash: devices.secretHash })
        .from(devices)
        .where(inArray(devices.id, [...ids]));
      return new Map(
        rows.flatMap((r) => (r.secretHash === null ? [] : [[r.id, r.secretHash] as const])),
      );
    },

    /**
     * What the gateway learnt of many devices since its last flush, in one statement:
     * connection status, when each was last heard from, and what it reported (a field it
     * did not report keeps its value). Answers the devices whose status changed, with
     * their company's path (the live channels of it and its ancestors).
     */
    async applyStates(
      states: readonly DeviceState[],
    ): Promise<(StatusChange & { companyPath: string; lastSeenAt: Date | null })[]> {
      if (states.length === 0) return [];
      // A row of parameters per device would pass the protocol's limit at 3 856 devices.
      const column = (pick: (s: DeviceState) => unknown) => columnOf(states, pick);
      const rows = sql`unnest(
        ${column((s) => s.id)}::integer[], ${column((s) => s.status)}::smallint[],
        ${column((s) => s.seenAt.toISOString())}::timestamptz[], ${column((s) => s.firmware)}::text[],
        ${column((s) => s.signal)}::smallint[], ${column((s) => s.temperature)}::real[],
        ${column((s) => s.operator)}::text[], ${column((s) => s.connectionType)}::text[],
        ${column((s) => s.wanIp)}::text[], ${column((s) => s.latitude)}::double precision[],
        ${column((s) => s.longitude)}::double precision[], ${column((s) => s.altitude)}::double precision[],
        ${column((s) => s.routerUptime)}::integer[], ${column((s) => s.sent)}::bigint[],
        ${column((s) => s.received)}::bigint[],
        ${column((s) => (s.facts === undefined ? null : JSON.stringify(s.facts)))}::jsonb[],
        ${column((s) => s.timezone)}::text[])`;
      const changed = await db.execute(sql`
        update ${devices} set
          status = coalesce(v.status, ${devices.status}),
          last_seen_at = greatest(${devices.lastSeenAt}, v.seen_at),
          firmware = coalesce(v.firmware, ${devices.firmware}),
          signal = coalesce(v.signal, ${devices.signal}),
          temperature = coalesce(v.temperature, ${devices.temperature}),
          operator = coalesce(v.operator, ${devices.operator}),
          connection_type = coalesce(v.connection_type, ${devices.connectionType}),
          wan_ip = coalesce(v.wan_ip, ${devices.wanIp}),
          latitude = coalesce(v.latitude, ${devices.latitude}),
          longitude = coalesce(v.longitude, ${devices.longitude}),
          altitude = coalesce(v.altitude, ${devices.altitude}),
          router_uptime = coalesce(v.router_uptime, ${devices.routerUptime}),
          sent = coalesce(v.sent, ${devices.sent}),
          received = coalesce(v.received, ${devices.received}),
          facts = coalesce(v.facts, ${devices.facts}),
          timezone = coalesce(v.timezone, ${devices.timezone}),
          updated_at = now()
        from (
          select v.*, cur.status as was, c.path as company_path
          from ${rows} as v(id, status, seen_at, firmware, signal, temperature, operator,
            connection_type, wan_ip, latitude, longitude, altitude, router_uptime, sent, received,
            facts, timezone)
          join ${devices} cur on cur.id = v.id
          join ${companies} c on c.id = cur.company_id
        ) as v
        where ${devices.id} = v.id and ${devices.secretHash} is not null
        returning ${devices.id} as id, ${devices.companyId} as company_id, ${devices.status} as status,
          ${devices.lastSeenAt} as last_seen_at, v.was as was, v.company_path as company_path`);
      return resultRows<{
        id: number;
        company_id: number;
        status: number;
        was: number;
        last_seen_at: Date | string | null;
        company_path: string;
      }>(changed)
        .filter((r) => r.status !== r.was)
        .map((r) => ({
          id: r.id,
          companyId: r.company_id,
          status: r.status,
          companyPath: r.company_path,
          lastSeenAt: r.last_seen_at === null ? null : new Date(r.last_seen_at),
        }));
    },

    /**
     * Online devices not heard from since `before` go offline (a heartbeat missed without a
     * last will: a cut cable, a broker restart). Answers the devices that changed.
     */
    async markSilentOffline(
      before: Date,
    ): Promise<(StatusChange & { companyPath: string; lastSeenAt: Date | null })[]> {
      const changed = await db.execute(sql`
        update ${devices} set status = 0, updated_at = now()
        from ${companies} c
        where c.id = ${devices.companyId} and ${devices.status} = 1
          and ${devices.lastSeenAt} < ${before.toISOString()}::timestamptz
        returning ${devices.id} as id, ${devices.companyId} as company_id, ${devices.status} as status,
          ${devices.lastSeenAt} as last_seen_at, c.path as company_path`);
      return resultRows<{
        id: number;
        company_id: number;
        status: number;
        last_seen_at: Date | string | null;
        company_path: string;
      }>(changed).map((r) => ({
        id: r.id,
        companyId: r.company_id,
        status: r.status,
        companyPath: r.company_path,
        lastSeenAt: r.last_seen_at === null ? null : new Date(r.last_seen_at),
      }));
    },

    /**
     * Registers devices added before they connect, in one statement. A serial number
     * already registered (here or meanwhile by another request) is skipped: the caller
     * compares what came back with what it sent and rolls back.
     */
    addMany(
      rows: readonly {
        companyId: number;
        serial: string;
        mac: string;
        name: string;
        model: string;
        status: number;
      }[],
    ) {
      if (rows.length === 0) return Promise.resolve([]);
      return db
        .insert(devices)
        .values([...rows])
        .onConflictDoNothing({ target: devices.serial })
        .returning();
    },

    /** Puts tags on new devices. */
    async addTags(rows: readonly { deviceId: number; tagId: number }[]) {
      if (rows.length === 0) return;
      await db
        .insert(deviceTags)
        .values([...rows])
        .onConflictDoNothing();
    },

    /**
     * Changes a device of the caller's tree: the values given, and `updated_at`. Whether
     * there was such a device.
     */
    async update(
      scope: TenantScope,
      id: number,
      values: { name?: string; description?: string | null },
    ): Promise<boolean> {
      const rows = await db
        .update(devices)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(devices.id, id), inTenant(scope, devices.companyId)))
        .returning({ id: devices.id });
      return rows.length > 0;
    },

    /** What an update step needs of a device of the caller's tree, or undefined. */
    async updateTargetOf(scope: TenantScope, id: number) {
      const [row] = await db
        .select({ status: devices.status, timezone: devices.timezone })
        .from(devices)
        .where(and(eq(devices.id, id), inTenant(scope, devices.companyId)));
      return row;
    },

    /** A device of the caller's tree with its company, or undefined. */
    async placeOf(scope: TenantScope, id: number) {
      const [row] = await db
        .select({
          id: devices.id,
          name: devices.name,
          companyId: devices.companyId,
          companyName: companies.name,
          companyPath: companies.path,
        })
        .from(devices)
        .innerJoin(companies, eq(companies.id, devices.companyId))
        .where(and(eq(devices.id, id), inTenant(scope, devices.companyId)));
      return row;
    },

    /**
     * Moves a device to another company; its tags of companies that are not above or at
     * the new one come off (a tag shows only on devices of its own branch).
     */
    async move(id: number, company: { id: number; path: string }) {
      await db
        .update(devices)
        .set({ companyId: company.id, updatedAt: sql`now()` })
        .where(eq(devices.id, id));
      await db.execute(sql`
        delete from ${deviceTags} using ${tags}, ${companies}
        where ${deviceTags.deviceId} = ${id} and ${tags.id} = ${deviceTags.tagId}
          and ${companies.id} = ${tags.companyId}
          and ${company.path} not like ${companies.path} || '%'`);
    },

    /** Deletes a device and everything kept of it; false when it was already gone. */
    async remove(id: number): Promise<boolean> {
      const rows = await db.delete(devices).where(eq(devices.id, id)).returning({ id: devices.id });
      return rows.length > 0;
    },

    /** The devices of the caller's tree among `ids`, with their company's path. */
    async placesOf(scope: TenantScope, ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: devices.id, companyPath: companies.path })
        .from(devices)
        .innerJoin(companies, eq(companies.id, devices.companyId))
        .where(and(inArray(devices.id, [...ids]), inTenant(scope, devices.companyId)));
    },

    /** The tags of the caller's tree among `ids`, with their company's path. */
    async tagPlacesOf(scope: TenantScope, ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: tags.id, companyPath: companies.path })
        .from(tags)
        .innerJoin(companies, eq(companies.id, tags.companyId))
        .where(and(inArray(tags.id, [...ids]), inTenant(scope, tags.companyId)));
    },

    /**
     * Changes the tags of devices (checked by the caller): `add` puts tags on, `remove`
     * takes them off (no tags given: all of them), `replace` leaves exactly those given.
     */
    async changeTags(
      mode: "add" | "remove" | "replace",
      changes: readonly { deviceId: number; tagIds: readonly number[] }[],
    ) {
      if (changes.length === 0) return;
      const deviceIds = changes.map((c) => c.deviceId);
      const pairs = changes.flatMap((c) =>
        c.tagIds.map((tagId) => ({ deviceId: c.deviceId, tagId })),
      );
      if (mode === "replace") {
        await db.delete(deviceTags).where(inArray(deviceTags.deviceId, deviceIds));
      }
      if (mode === "remove") {
        const all = changes.filter((c) => c.tagIds.length === 0).map((c) => c.deviceId);
        if (all.length > 0) await db.delete(deviceTags).where(inArray(deviceTags.deviceId, all));
        for (const c of changes.filter((c) => c.tagIds.length > 0)) {
          await db
            .delete(deviceTags)
            .where(
              and(eq(deviceTags.deviceId, c.deviceId), inArray(deviceTags.tagId, [...c.tagIds])),
            );
        }
      } else if (pairs.length > 0) {
        await db.insert(deviceTags).values(pairs).onConflictDoNothing();
      }
      await db
        .update(devices)
        .set({ updatedAt: sql`now()` })
        .where(inArray(devices.id, deviceIds));
    },

    /** Registers devices as given (the demo world); returns the rows. */
    insert(rows: (typeof devices.$inferInsert)[]) {
      return db.insert(devices).values(rows).returning();
    },
  };
}

/** A device's state as the gateway last heard it; what it did not report is undefined. */
export interface DeviceState {
  id: number;
  /** 1 online, 0 offline; left out, the stored status stays. */
  status?: number | undefined;
  seenAt: Date;
  firmware?: string | undefined;
  signal?: number | undefined;
  temperature?: number | undefined;
  operator?: string | undefined;
  connectionType?: string | undefined;
  wanIp?: string | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
  altitude?: number | undefined;
  routerUptime?: number | undefined;
  sent?: number | undefined;
  received?: number | undefined;
  facts?: DeviceFacts | undefined;
  timezone?: string | undefined;
}

/** A device whose connection status changed, for the live list. */
export interface StatusChange {
  id: number;
  companyId: number;
  status: number;
}
