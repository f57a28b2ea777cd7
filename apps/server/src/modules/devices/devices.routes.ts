import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  enrolAnswerSchema,
  enrolRequestSchema,
  ENROL_PATH,
} from "@netfleet/contracts/device-protocol";
import {
  DEVICE_LIST_COUNT_CAP,
  DEVICE_LIST_MAX_OFFSET,
  DEVICE_STATUS_FILTERS,
  SIGNAL_THRESHOLDS_DBM,
  UNKNOWN_FIRMWARE,
} from "@netfleet/contracts/devices/list-filters";
import { dataEnvelope } from "@netfleet/contracts/envelope";
import { idParamSchema } from "@netfleet/contracts/schemas/common";
import {
  DEVICE_STATISTICS_CHARTS,
  type DeviceListItem,
  type DeviceStatistics,
  deviceExportQuerySchema,
  deviceListItemSchema,
  deviceListMetaSchema,
  deviceListQuerySchema,
  deviceStatisticsQuerySchema,
  deviceStatisticsSchema,
  enrolmentTokenSchema,
} from "@netfleet/contracts/schemas/devices";
import { ok } from "../../lib/envelope";
import {
  parseFields,
  project,
  projectableListEnvelope,
  searchableListDescription,
} from "../../lib/list-query";
import { requireAuth } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { companyInScope } from "../companies/companies.service";
import { deviceEditRoutes } from "./devices-edit.routes";
import { devicesCsv } from "./devices-export";
import { STATISTICS_TTL_MS, statisticsCache } from "./devices-statistics";
import { deviceListRepo, type DeviceListRow, deviceSearchable } from "./devices-list.repo";
import { presentDevice } from "./devices.presenter";
import { enrolDevice, enrolmentToken, rotateEnrolmentToken } from "./enrolment.service";

const LIST_DESCRIPTION = [
  "Filters, as RMS API v3 names them: `status` and `ne:status` (" +
    DEVICE_STATUS_FILTERS.join(", ") +
    "), `model`, `firmware` (`" +
    UNKNOWN_FIRMWARE +
    "` for none) and their `ne:` forms, `mac`, `signal` and `ne:signal` (excellent from " +
    `${SIGNAL_THRESHOLDS_DBM.excellent} dBm, average from ${SIGNAL_THRESHOLDS_DBM.average} dBm, low below, no_signal when none was reported), ` +
    "`company_id` (that company only), `tag_id` and `ne:tag_id`, `operator` and `ne:operator`, `connection_type` (`unknown` for none), `id` (comma-separated).",
  `\`meta.total\` counts matches up to ${DEVICE_LIST_COUNT_CAP}; \`meta.total_capped\` says more match.`,
  `Paging: \`offset\` up to ${DEVICE_LIST_MAX_OFFSET}, or a cursor: \`after=<meta.next>\` for the next page and \`before=<meta.prev>\` for the previous one, which cost the same however deep they lie. Each sort key is followed by the id.`,
].join("\n\n");

/** `charts` as a list of the charts it names; unknown names are refused. */
function parseCharts(charts: string | undefined): (keyof DeviceStatistics)[] {
  if (charts === undefined) return [...DEVICE_STATISTICS_CHARTS];
  const names = charts
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const known = names.filter((name): name is (typeof DEVICE_STATISTICS_CHARTS)[number] =>
    (DEVICE_STATISTICS_CHARTS as readonly string[]).includes(name),
  );
  if (known.length === 0 || known.length !== names.length) {
    throw new AppError(
      "VALIDATION_FAILED",
      `Charts are named by: ${DEVICE_STATISTICS_CHARTS.join(", ")}.`,
      { source: "charts" },
    );
  }
  return known;
}

async function* presented(
  batches: AsyncIterable<DeviceListRow[]>,
): AsyncIterable<DeviceListItem[]> {
  for await (const batch of batches) yield batch.map(presentDevice);
}

const companyParams = z.object({ id: idParamSchema });

/**
 * Enrolments one address may try per minute. Guessing a token is hopeless at any rate; the
 * limit bounds the load, and leaves room for a large site (or a simulated fleet) behind one
 * address enrolling at once.
 */
const ENROL_LIMIT = { max: 20_000, timeWindow: 60_000 };

export async function devicesRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const statistics = statisticsCache();

  /** The broker address an enrolling device is given: configured, or this host's broker. */
  function brokerUrl(hostname: string): string {
    if (ctx.env.MQTT_PUBLIC_URL) return ctx.env.MQTT_PUBLIC_URL;
    const scheme = ctx.env.MQTT_TLS_CERT ? "mqtts" : "mqtt";
    const port = appBase.devices.broker?.port ?? ctx.env.MQTT_PORT;
    return `${scheme}://${hostname.includes(":") && !hostname.startsWith("[") ? `[${hostname}]` : hostname}:${port}`;
  }

  app.get(
    "/api/devices",
    {
      schema: {
        tags: ["devices"],
        summary: "List devices of your company and its subsidiaries",
        description: searchableListDescription(Object.keys(deviceSearchable), LIST_DESCRIPTION),
        querystring: deviceListQuerySchema,
        response: {
          200: projectableListEnvelope(deviceListItemSchema).extend({ meta: deviceListMetaSchema }),
        },
      },
      config: { access: { permission: "view_devices", tenant: true, scope: "devices:read" } },
    },
    async (request) => {
      const page = await deviceListRepo(ctx.db).list(requireAuth(request).tenant, request.query);
      const fields = parseFields(request.query.fields);
      return {
        success: true as const,
        data: page.rows.map((row) => project(presentDevice(row), fields)),
        meta: {
          total: page.total,
          total_capped: page.capped,
          ...(page.next === undefined ? {} : { next: page.next }),
          ...(page.prev === undefined ? {} : { prev: page.prev }),
        },
      };
    },
  );

  app.get(
    "/api/devices/statistics",
    {
      schema: {
        tags: ["devices"],
        summary: "Count devices by status, model and firmware",
        description:
          "Over the devices the list's filters match (the same parameters as `GET /api/devices`). " +
          "`charts` names the counts wanted, comma-separated: status, model, firmware (all by default). " +
          `Status keys are ${DEVICE_STATUS_FILTERS.join(", ")}; a device without firmware counts as "${UNKNOWN_FIRMWARE}". ` +
          `Model and firmware keep their 100 largest groups. An answer may be up to ${STATISTICS_TTL_MS / 1000} seconds old.`,
        querystring: deviceStatisticsQuerySchema,
        response: { 200: dataEnvelope(deviceStatisticsSchema) },
      },
      config: { access: { permission: "view_devices", tenant: true, scope: "devices:read" } },
    },
    async (request) => {
      const { tenant } = requireAuth(request);
      const { charts: asked, ...filters } = request.query;
      const charts = parseCharts(asked);
      const key = JSON.stringify([tenant, charts, Object.entries(filters).sort()]);
      return ok(
        await statistics.get(key, () => deviceListRepo(ctx.db).statistics(tenant, filters, charts)),
      );
    },
  );

  app.get(
    "/api/devices/export/csv",
    {
      schema: {
        tags: ["devices"],
        summary: "Export devices to a CSV file",
        description:
          "Every device the list's filters match, in the list's order (`sort`), as `text/csv` with a " +
          "header row, streamed as it is read. Text starting with = + - @ gets a leading ' so that " +
          "spreadsheets do not run it as a formula.",
        querystring: deviceExportQuerySchema,
        response: {
          200: {
            description: "The devices, one CSV line each after the header",
            content: { "text/csv": { schema: z.string() } },
          },
        },
      },
      config: { access: { permission: "view_devices", tenant: true, scope: "devices:read" } },
    },
    async (request, reply) => {
      // Bad filters are refused before the answer starts: later, only the connection could tell.
      const batches = deviceListRepo(ctx.db).batches(requireAuth(request).tenant, request.query);
      const day = new Date().toISOString().slice(0, 10);
      return (
        reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="devices-${day}.csv"`)
          // The schema documents the text; a stream goes out as it is, never serialised.
          .send(devicesCsv(presented(batches)) as unknown as string)
      );
    },
  );

  await deviceEditRoutes(appBase);

  app.get(
    "/api/companies/:id/enrolment-token",
    {
      schema: {
        tags: ["devices"],
        summary: "The company's enrolment token",
        description:
          "Devices started with it enrol into this company. Made on first request; shown to those who may add devices.",
        params: companyParams,
        response: { 200: dataEnvelope(enrolmentTokenSchema) },
      },
      config: { access: { permission: "create_devices", tenant: true, scope: "devices:write" } },
    },
    async (request) => {
      const company = await companyInScope(ctx.db, requireAuth(request), request.params.id);
      return ok({ token: await enrolmentToken(ctx, company.id) });
    },
  );

  app.post(
    "/api/companies/:id/enrolment-token",
    {
      schema: {
        tags: ["devices"],
        summary: "Replace the company's enrolment token",
        description:
          "The old token stops working at once; devices enrolled with it keep their own secrets.",
        params: companyParams,
        response: { 200: dataEnvelope(enrolmentTokenSchema) },
      },
      config: { access: { permission: "create_devices", tenant: true, scope: "devices:write" } },
    },
    async (request) => {
      const company = await companyInScope(ctx.db, requireAuth(request), request.params.id);
      return ok({ token: await rotateEnrolmentToken(ctx, company.id) }, "Enrolment token replaced");
    },
  );

  app.post(
    ENROL_PATH,
    {
      schema: {
        tags: ["devices"],
        summary: "Enrol a device (called by the device agent)",
        description:
          "With the company's enrolment token, a device's serial, MAC, model and firmware. Answers the device's id and its own secret, shown once; MQTT connections authenticate with them.",
        body: enrolRequestSchema,
        response: { 201: dataEnvelope(enrolAnswerSchema) },
      },
      config: { access: { public: true }, xsrf: false, rateLimit: ENROL_LIMIT },
    },
    async (request, reply) => {
      const answer = await enrolDevice(ctx, request.body, request.ip, brokerUrl(request.hostname));
      return reply.status(201).send(ok(answer, "Device enrolled"));
    },
  );
}
