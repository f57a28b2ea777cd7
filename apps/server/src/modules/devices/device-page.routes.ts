import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { toRmsDateTime } from "@netfleet/contracts/dates";
import { dataEnvelope, listEnvelope } from "@netfleet/contracts/envelope";
import { idParamSchema } from "@netfleet/contracts/schemas/common";
import {
  DEVICE_HISTORY,
  DEVICE_METRICS,
  deviceDataUsageMetaSchema,
  deviceDataUsageSchema,
  deviceDatetimesSchema,
  deviceDetailSchema,
  deviceInformationQuerySchema,
  deviceInformationSchema,
  deviceLocationSchema,
  deviceLocationsMetaSchema,
  deviceLogSchema,
  deviceLogsQuerySchema,
  deviceParameterPointSchema,
  deviceParameterQuerySchema,
  deviceRangeQuerySchema,
  deviceSeriesMetaSchema,
  parseRangeDate,
} from "@netfleet/contracts/schemas/device-page";
import { DEVICE_MESSAGES } from "@netfleet/contracts/schemas/devices";
import { ok } from "../../lib/envelope";
import type { Actor } from "../../lib/actor";
import { requireAuth } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import type { Db } from "../../db/client";
import {
  presentDataUsage,
  presentDatetimes,
  presentDeviceDetail,
  presentDeviceLog,
  presentInformation,
  presentLocation,
  presentParameter,
} from "./device-page.presenter";
import { bucketSeconds, resolveRange, type TimeRange, usagePeriod } from "./device-page.range";
import { devicePageRepo, type MetricsRow } from "./device-page.repo";
import { deviceListRepo } from "./devices-list.repo";

const deviceParams = z.object({ id: idParamSchema });

const READ = {
  access: { permission: "view_devices", tenant: true, scope: "devices:read" },
} as const;

const noSuchDevice = () => new AppError("NOT_FOUND", DEVICE_MESSAGES.unknownDevice);

/** A device outside the caller's company tree answers as one that does not exist. */
async function deviceInScope(db: Db, actor: Actor, id: number) {
  const device = await devicePageRepo(db).findRef(actor.tenant, id);
  if (!device) throw noSuchDevice();
  return device;
}

const rangeMeta = (range: TimeRange) => ({
  start_date: toRmsDateTime(range.start),
  end_date: toRmsDateTime(range.end),
});

const RANGE_TEXT =
  "`start_date` and `end_date` are `Y-m-d H:i:s` in UTC (or ISO 8601 with a time zone); " +
  `without them, the last ${DEVICE_HISTORY.defaultRangeHours} hours. A range spans at most ` +
  `${DEVICE_HISTORY.maxRangeDays} days.`;

/**
 * Measurements over a range, or the reading at `datetime`: what the two information-history
 * routes share.
 */
async function readings(
  db: Db,
  deviceId: number,
  query: { start_date?: string; end_date?: string; datetime?: string },
): Promise<{ rows: MetricsRow[]; range: TimeRange; step: number }> {
  const at = query.datetime === undefined ? null : parseRangeDate(query.datetime);
  if (at) {
    const row = await devicePageRepo(db).reading(deviceId, at);
    return { rows: row ? [row] : [], range: { start: at, end: at }, step: 0 };
  }
  const range = resolveRange(query);
  const step = bucketSeconds(range, DEVICE_HISTORY.maxPoints);
  return { rows: await devicePageRepo(db).metrics(deviceId, range, step), range, step };
}

/**
 * A device's page: the device itself, its activity, its track, its measurements over time
 * and its data usage (RMS API v3 paths). Reads only.
 */
export async function devicePageRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.get(
    "/api/devices/:id",
    {
      schema: {
        tags: ["devices"],
        summary: "One device of your company tree, with all it reported",
        description:
          "The list's fields (RMS names, derived flags) with the device's altitude (metres, null without a GNSS fix), its class and the facts it reported about itself.",
        params: deviceParams,
        response: { 200: dataEnvelope(deviceDetailSchema) },
      },
      config: READ,
    },
    async (request) => {
      const row = await deviceListRepo(ctx.db).detail(
        requireAuth(request).tenant,
        request.params.id,
      );
      if (!row) throw noSuchDevice();
      return ok(presentDeviceDetail(row));
    },
  );

  app.get(
    "/api/devices/:id/logs",
    {
      schema: {
        tags: ["devices"],
        summary: "A device's activity, newest first",
        description:
          "Connections, disconnections, tasks, their results and what the device reported. " +
          "`type` keeps the entries of these types (comma-separated); `limit` and `offset` page.",
        params: deviceParams,
        querystring: deviceLogsQuerySchema,
        response: { 200: listEnvelope(deviceLogSchema) },
      },
      config: READ,
    },
    async (request) => {
      const device = await deviceInScope(ctx.db, requireAuth(request), request.params.id);
      const { limit, offset, type } = request.query;
      const { rows, total } = await devicePageRepo(ctx.db).logs(device.id, {
        limit,
        offset,
        types: type === undefined ? undefined : [...new Set(type.split(","))],
      });
      return {
        success: true as const,
        data: rows.map((row) => presentDeviceLog(row, device)),
        meta: { total },
      };
    },
  );

  app.get(
    "/api/devices/:id/locations/history",
    {
      schema: {
        tags: ["devices"],
        summary: "Where a device has been",
        description: `${RANGE_TEXT} At most ${DEVICE_HISTORY.maxLocationPoints} points: the last position of each bucket of \`meta.bucket_seconds\`, oldest first, without repeats of a position the device stayed at.`,
        params: deviceParams,
        querystring: deviceRangeQuerySchema,
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.array(deviceLocationSchema),
            meta: deviceLocationsMetaSchema,
          }),
        },
      },
      config: READ,
    },
    async (request) => {
      const device = await deviceInScope(ctx.db, requireAuth(request), request.params.id);
      const range = resolveRange(request.query);
      const step = bucketSeconds(range, DEVICE_HISTORY.maxLocationPoints);
      const points = await devicePageRepo(ctx.db).track(device.id, range, step);
      return {
        success: true as const,
        data: points.map(presentLocation),
        meta: { ...rangeMeta(range), bucket_seconds: step },
      };
    },
  );

  app.get(
    "/api/devices/:id/information-history",
    {
      schema: {
        tags: ["devices"],
        summary: "A device's measurements over time",
        description: `${RANGE_TEXT} Buckets of \`meta.bucket_seconds\`, at most ${DEVICE_HISTORY.maxPoints}, oldest first: averages of signal, temperature, CPU load and free memory, the highest input and output state and traffic count. With \`datetime\`, the reading at or before it.`,
        params: deviceParams,
        querystring: deviceInformationQuerySchema,
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.array(deviceInformationSchema),
            meta: deviceSeriesMetaSchema,
          }),
        },
      },
      config: READ,
    },
    async (request) => {
      const device = await deviceInScope(ctx.db, requireAuth(request), request.params.id);
      const { rows, range, step } = await readings(ctx.db, device.id, request.query);
      return {
        success: true as const,
        data: rows.map((row) => presentInformation(device.id, row)),
        meta: { ...rangeMeta(range), total: rows.length, bucket_seconds: step },
      };
    },
  );

  app.get(
    "/api/devices/:id/information-history/parameter",
    {
      schema: {
        tags: ["devices"],
        summary: "One of a device's measurements over time",
        description: `\`parameter\` is one of ${DEVICE_METRICS.join(", ")}. ${RANGE_TEXT} Values are text, as RMS answers them; buckets without the measurement are left out.`,
        params: deviceParams,
        querystring: deviceParameterQuerySchema,
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.array(deviceParameterPointSchema),
            meta: deviceSeriesMetaSchema,
          }),
        },
      },
      config: READ,
    },
    async (request) => {
      const device = await deviceInScope(ctx.db, requireAuth(request), request.params.id);
      const { parameter } = request.query;
      const { rows, range, step } = await readings(ctx.db, device.id, request.query);
      const points = rows.flatMap((row) => presentParameter(parameter, row) ?? []);
      return {
        success: true as const,
        data: points,
        meta: { ...rangeMeta(range), total: points.length, bucket_seconds: step },
      };
    },
  );

  app.get(
    "/api/devices/:id/information-history/datetimes",
    {
      schema: {
        tags: ["devices"],
        summary: "When a device reported measurements",
        description: `Per UTC day, newest first, the times of the device's last ${DEVICE_HISTORY.maxDatetimes} readings within the telemetry retention.`,
        params: deviceParams,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(deviceDatetimesSchema) }),
        },
      },
      config: READ,
    },
    async (request) => {
      const device = await deviceInScope(ctx.db, requireAuth(request), request.params.id);
      const times = await devicePageRepo(ctx.db).readingTimes(
        device.id,
        DEVICE_HISTORY.maxDatetimes,
      );
      return { success: true as const, data: presentDatetimes(times) };
    },
  );

  app.get(
    "/api/devices/:id/data-usage",
    {
      schema: {
        tags: ["devices"],
        summary: "Bytes a device sent and received per hour or day",
        description: `${RANGE_TEXT} Per hour for ranges up to ${DEVICE_HISTORY.hourlyUsageMaxHours} hours, per UTC day beyond (\`meta.period\`). Counted from the differences between the device's counters; a counter that drops means the device restarted, and its new count is what moved since.`,
        params: deviceParams,
        querystring: deviceRangeQuerySchema,
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.array(deviceDataUsageSchema),
            meta: deviceDataUsageMetaSchema,
          }),
        },
      },
      config: READ,
    },
    async (request) => {
      const device = await deviceInScope(ctx.db, requireAuth(request), request.params.id);
      const range = resolveRange(request.query);
      const period = usagePeriod(range);
      const rows = await devicePageRepo(ctx.db).usage(device.id, range, period);
      return {
        success: true as const,
        data: rows.map((row) => presentDataUsage(period, row)),
        meta: { ...rangeMeta(range), period },
      };
    },
  );
}
