import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { DataUsagePeriod, DeviceMetric } from "@netfleet/contracts/schemas/device-page";
import { type Db, resultRows } from "../../db/client";
import { deviceEvents, deviceTelemetry, devices, users } from "../../db/schema";
import { inTenant, type TenantScope } from "../../db/tenancy";
import type { TimeRange } from "./device-page.range";

/** One bucket of measurements; a measurement no reading of the bucket had is null. */
export interface MetricsRow {
  /** Seconds since the epoch: the bucket's start, or the reading's time. */
  at: number;
  signal: number | null;
  temperature: number | null;
  cpu_load: number | null;
  memory_free: number | null;
  digital_input: number | null;
  relay_output: number | null;
  sent: number | null;
  received: number | null;
}

/** How each measurement sums up a bucket (device-page.ts `deviceInformationSchema`). */
const METRIC_AGGREGATES: Readonly<Record<DeviceMetric, string>> = {
  signal: "round(avg(signal))::float8",
  temperature: "round(avg(temperature))::float8",
  cpu_load: "round(avg(cpu_load)::numeric, 1)::float8",
  memory_free: "round(avg(memory_free))::float8",
  digital_input: "max(digital_input)::float8",
  relay_output: "max(relay_output)::float8",
  sent: "max(sent)::float8",
  received: "max(received)::float8",
};

const METRIC_COLUMNS = Object.keys(METRIC_AGGREGATES) as DeviceMetric[];

const iso = (date: Date) => date.toISOString();

/**
 * What a device's page reads: the device with its company and tags, its activity, and its
 * telemetry history bucketed so that no answer outgrows a chart. Reads only; the devices
 * and history repositories write these tables.
 */
export function devicePageRepo(db: Db) {
  return {
    /** The device's id, company and serial, when it lies in the caller's company tree. */
    async findRef(scope: TenantScope, id: number) {
      const [row] = await db
        .select({
          id: devices.id,
          companyId: devices.companyId,
          name: devices.name,
          serial: devices.serial,
        })
        .from(devices)
        .where(and(eq(devices.id, id), inTenant(scope, devices.companyId)));
      return row;
    },

    /** A page of the device's activity, newest first, with the name of the user who acted. */
    async logs(
      deviceId: number,
      query: { limit: number; offset: number; types: readonly string[] | undefined },
    ) {
      const where = and(
        eq(deviceEvents.deviceId, deviceId),
        query.types ? inArray(deviceEvents.type, [...query.types]) : undefined,
      );
      const [counted] = await db.select({ total: count() }).from(deviceEvents).where(where);
      const total = counted?.total ?? 0;
      if (query.limit === 0 || query.offset >= total) return { rows: [], total };
      const rows = await db
        .select({
          id: deviceEvents.id,
          at: deviceEvents.at,
          type: deviceEvents.type,
          message: deviceEvents.message,
          userId: deviceEvents.userId,
          taskId: deviceEvents.taskId,
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
          email: users.email,
        })
        .from(deviceEvents)
        .leftJoin(users, eq(users.id, deviceEvents.userId))
        .where(where)
        .orderBy(desc(deviceEvents.at), desc(deviceEvents.id))
        .limit(query.limit)
        .offset(query.offset);
      return { rows, total };
    },

    /**
     * The measurements in buckets of `step` seconds (the epoch's multiples), oldest first;
     * buckets without readings are left out.
     */
    async metrics(deviceId: number, range: TimeRange, step: number): Promise<MetricsRow[]> {
      const aggregates = sql.raw(
        METRIC_COLUMNS.map((name) => `${METRIC_AGGREGATES[name]} as ${name}`).join(", "),
      );
      const result = await db.execute(sql`
        select (floor(extract(epoch from at) / ${step}) * ${step})::float8 as at, ${aggregates}
        from ${deviceTelemetry}
        where device_id = ${deviceId}
          and at >= ${iso(range.start)}::timestamptz and at < ${iso(range.end)}::timestamptz
        group by 1
        order by 1`);
      return resultRows<MetricsRow>(result);
    },

    /** When the device reported measurements, newest first, `limit` at most. */
    async readingTimes(deviceId: number, limit: number): Promise<Date[]> {
      const result = await db.execute(sql`
        select at from ${deviceTelemetry}
        where device_id = ${deviceId}
        order by at desc
        limit ${limit}`);
      return resultRows<{ at: Date | string }>(result).map((row) => new Date(row.at));
    },

    /** The last reading at or before `at`, as it was reported. */
    async reading(deviceId: number, at: Date): Promise<MetricsRow | undefined> {
      const columns = sql.raw(
        METRIC_COLUMNS.map((name) => `${name}::float8 as ${name}`).join(", "),
      );
      const result = await db.execute(sql`
        select extract(epoch from at)::float8 as at, ${columns}
        from ${deviceTelemetry}
        where device_id = ${deviceId} and at <= ${iso(at)}::timestamptz
        order by at desc
        limit 1`);
      return resultRows<MetricsRow>(result)[0];
    },

    /**
     * The device's track: per bucket of `step` seconds the last position it reported, oldest
     * first, leaving out a point where it stood where the previous one left it.
     */
    async track(deviceId: number, range: TimeRange, step: number) {
      const result = await db.execute(sql`
        select at, latitude, longitude, altitude from (
          select at, latitude, longitude, altitude,
            lag(latitude) over (order by at) as prev_latitude,
            lag(longitude) over (order by at) as prev_longitude
          from (
            select distinct on (bucket) at, latitude, longitude, altitude
            from (
              select floor(extract(epoch from at) / ${step}) as bucket,
                extract(epoch from at)::float8 as at, latitude, longitude, altitude
              from ${deviceTelemetry}
              where device_id = ${deviceId}
                and at >= ${iso(range.start)}::timestamptz and at < ${iso(range.end)}::timestamptz
                and latitude is not null and longitude is not null
            ) as positions
            order by bucket, at desc
          ) as last_per_bucket
        ) as points
        where prev_latitude is distinct from latitude or prev_longitude is distinct from longitude
        order by at`);
      return resultRows<{
        at: number;
        latitude: number;
        longitude: number;
        altitude: number | null;
      }>(result);
    },

    /**
     * Bytes sent and received per hour or UTC day, from the differences between successive
     * counter readings. The reading before the range is the first one's baseline; a count
     * lower than the one before means the device restarted and counted afresh, so the new
     * count is what moved since.
     */
    async usage(deviceId: number, range: TimeRange, period: DataUsagePeriod) {
      const step = period === "hour" ? 3600 : 86_400;
      const counted = (column: "sent" | "received") => {
        const name = sql.raw(column);
        return sql`
          select floor(extract(epoch from at) / ${step}) * ${step} as bucket,
            ${column}::text as counter,
            case when prev is null then 0 when value >= prev then value - prev else value end as moved
          from (
            select at, ${name} as value, lag(${name}) over (order by at) as prev
            from ${deviceTelemetry}
            where device_id = ${deviceId} and ${name} is not null
              and at < ${iso(range.end)}::timestamptz
              and at >= coalesce(
                (select max(at) from ${deviceTelemetry}
                  where device_id = ${deviceId} and ${name} is not null
                    and at < ${iso(range.start)}::timestamptz
                    and at >= ${iso(range.start)}::timestamptz - interval '${sql.raw(String(USAGE_BASELINE_DAYS))} days'),
                ${iso(range.start)}::timestamptz)
          ) as readings
          where at >= ${iso(range.start)}::timestamptz`;
      };
      const result = await db.execute(sql`
        select bucket::float8 as bucket,
          coalesce(sum(moved) filter (where counter = 'sent'), 0)::float8 as tx,
          coalesce(sum(moved) filter (where counter = 'received'), 0)::float8 as rx
        from (${counted("sent")} union all ${counted("received")}) as moves
        group by bucket
        order by bucket`);
      return resultRows<{ bucket: number; tx: number; rx: number }>(result);
    },
  };
}

/**
 * How far before a range its baseline reading is looked for: a device silent for longer
 * gets none, and its first reading in the range counts from there.
 */
const USAGE_BASELINE_DAYS = 2;

export type DeviceLogRow = Awaited<
  ReturnType<ReturnType<typeof devicePageRepo>["logs"]>
>["rows"][number];
