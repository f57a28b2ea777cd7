import { and, asc, desc, eq, inArray, ne, not, sql, type SQL } from "drizzle-orm";
import { macSchema } from "@netfleet/contracts/device-protocol";
import {
  DEVICE_LIST_COUNT_CAP,
  type DeviceStatusFilter,
  SIGNAL_THRESHOLDS_DBM,
  type SignalBucket,
  statusFilterOf,
  UNKNOWN_FIRMWARE,
} from "@netfleet/contracts/devices/list-filters";
import {
  type DeviceFilters,
  deviceFiltersSchema,
  type DeviceListQuery,
  type DeviceStatistics,
  type DeviceTag,
} from "@netfleet/contracts/schemas/devices";
import { PgDialect } from "drizzle-orm/pg-core";
import { type Db, namedStatement, resultRows } from "../../db/client";
import { companies, devices, deviceTags, tags } from "../../db/schema";
import { inCompanyTree, inTenant, type TenantScope, treePattern } from "../../db/tenancy";
import {
  FEW_MATCHES,
  type ListExpression,
  parseIdList,
  searchCondition,
  type SearchColumn,
  sortKeys,
} from "../../lib/list-query";
import { AppError } from "../../plugins/errors";
import { type CursorKeyType, decodeCursor, encodeCursor } from "./devices-cursor";

/**
 * Reading the device list at a million rows: filters as RMS API v3 has them, a count that
 * stops at DEVICE_LIST_COUNT_CAP, and keyset paging. Every sort key has an index that ends
 * with the id (migration 0007), so the page after a cursor is a range read of that index
 * however deep it lies; an offset reads and drops every row before the page.
 */

/**
 * What `q` matches, by the names `search-fields` uses; each has a pg_trgm index, and a name
 * also an index of its words' starts.
 */
export const deviceSearchable: Record<string, readonly SearchColumn[]> = {
  name: [{ column: devices.name, wordStarts: true }],
  serial: [devices.serial],
  mac: [devices.mac],
};

/**
 * The searchable columns that could hold `q`; the others skip their index (a quarter of a
 * search's time each). A MAC is stored as pairs of hex digits joined by colons, so no three
 * digits and no two colons come together in it; a serial holds letters, digits and hyphens
 * (`serialSchema`).
 */
function searchableFor(q: string | undefined) {
  if (q === undefined) return deviceSearchable;
  const inMac = /^[0-9a-f:]{1,17}$/i.test(q) && !/[0-9a-f]{3}|::/i.test(q);
  const inSerial = /^[A-Za-z0-9-]{1,32}$/.test(q);
  return {
    ...deviceSearchable,
    ...(inMac ? {} : { mac: [] }),
    ...(inSerial ? {} : { serial: [] }),
  };
}

interface SortKey {
  expression: ListExpression;
  type: CursorKeyType;
}

/** A device without firmware sorts, filters and counts as the empty text. */
const firmwareKey = sql`coalesce(${devices.firmware}, '')`;

const sortable: Record<string, SortKey> = {
  id: { expression: devices.id, type: "integer" },
  name: { expression: devices.name, type: "text" },
  serial: { expression: devices.serial, type: "text" },
  mac: { expression: devices.mac, type: "text" },
  model: { expression: devices.model, type: "text" },
  firmware: { expression: firmwareKey, type: "text" },
  status: { expression: devices.status, type: "integer" },
  created_at: { expression: devices.createdAt, type: "timestamptz" },
  // No index: the company's name lives in another table. Cursors still work, each page
  // sorting the matches anew.
  company_name: { expression: companies.name, type: "text" },
};

export const deviceSortKeys = Object.keys(sortable);

const statusConditions: Record<DeviceStatusFilter, SQL> = {
  offline: sql`${devices.status} = 0`,
  online: sql`${devices.status} = 1`,
  pending: sql`${devices.status} = 2`,
  not_activated: sql`(${devices.status} < 0 or ${devices.status} > 2)`,
};

const signalConditions: Record<SignalBucket, SQL> = {
  excellent: sql`${devices.signal} >= ${SIGNAL_THRESHOLDS_DBM.excellent}`,
  average: sql`(${devices.signal} >= ${SIGNAL_THRESHOLDS_DBM.average} and ${devices.signal} < ${SIGNAL_THRESHOLDS_DBM.excellent})`,
  low: sql`${devices.signal} < ${SIGNAL_THRESHOLDS_DBM.average}`,
  no_signal: sql`${devices.signal} is null`,
};

/** Not true: also the rows where the condition is unknown (a null signal, say). */
const notTrue = (condition: SQL) => sql`not coalesce(${condition}, false)`;

const firmwareValue = (value: string) => (value === UNKNOWN_FIRMWARE ? "" : value);

const hasTag = (tagId: number) =>
  sql`exists (select 1 from ${deviceTags} where ${deviceTags.deviceId} = ${devices.id} and ${deviceTags.tagId} = ${tagId})`;

/** The WHERE clause of the caller's devices that match the filters. */
export function deviceListWhere(scope: TenantScope, filters: DeviceFilters): SQL | undefined {
  return and(inTenant(scope, devices.companyId), filterCondition(filters));
}

/** The filters that narrow the list; `search-fields` only says where `q` looks. */
const FILTER_NAMES = Object.keys(deviceFiltersSchema.shape).filter(
  (name) => name !== "search-fields",
) as (keyof DeviceFilters)[];

/**
 * Whether the filters ask anything of a device besides those `except` names: whether
 * `filterCondition` would say something, without building it.
 */
function narrows(filters: DeviceFilters, except: object = {}): boolean {
  return FILTER_NAMES.some(
    (name) => !(name in except) && filters[name] !== undefined && filters[name] !== "",
  );
}

/** What the filters ask of a device, wherever it is; undefined when they ask nothing. */
function filterCondition(filters: DeviceFilters): SQL | undefined {
  const f = filters;
  const ids = parseIdList(f.id, "id");
  const mac = f.mac === undefined ? undefined : macSchema.safeParse(f.mac);
  const connectionType = f.connection_type?.toLowerCase();
  return and(
    searchCondition(f, searchableFor(f.q)),
    ids && inArray(devices.id, ids),
    f.status && statusConditions[f.status],
    f["ne:status"] && not(statusConditions[f["ne:status"]]),
    f.model === undefined ? undefined : eq(devices.model, f.model),
    f["ne:model"] === undefined ? undefined : ne(devices.model, f["ne:model"]),
    f.firmware === undefined ? undefined : sql`${firmwareKey} = ${firmwareValue(f.firmware)}`,
    f["ne:firmware"] === undefined
      ? undefined
      : sql`${firmwareKey} <> ${firmwareValue(f["ne:firmware"])}`,
    mac && eq(devices.mac, mac.success ? mac.data : f.mac!.toUpperCase()),
    f.signal && signalConditions[f.signal],
    f["ne:signal"] && notTrue(signalConditions[f["ne:signal"]]),
    f.company_id === undefined ? undefined : eq(devices.companyId, f.company_id),
    f.tag_id === undefined ? undefined : hasTag(f.tag_id),
    f["ne:tag_id"] === undefined ? undefined : not(hasTag(f["ne:tag_id"])),
    f.operator === undefined ? undefined : eq(devices.operator, f.operator),
    f["ne:operator"] === undefined
      ? undefined
      : sql`${devices.operator} is distinct from ${f["ne:operator"]}`,
    connectionType === undefined
      ? undefined
      : connectionType === "unknown"
        ? sql`${devices.connectionType} is null`
        : sql`lower(${devices.connectionType}) = ${connectionType}`,
  );
}

/** The list's order: the asked keys, then the id in the first key's direction. */
function orderKeys(sort: string | undefined) {
  const asked = sortKeys(sort, deviceSortKeys)
    .filter(({ name }) => name !== "id")
    .map(({ name, descending }) => ({ ...sortable[name]!, descending }));
  const idSort = sortKeys(sort, deviceSortKeys).find(({ name }) => name === "id");
  const idDescending = idSort?.descending ?? asked[0]?.descending ?? true;
  return [...asked, { ...sortable.id!, descending: idDescending }];
}

type OrderKey = ReturnType<typeof orderKeys>[number];

/** The sort as a cursor records it: one spelling per order, whatever the client wrote. */
function sortSignature(sort: string | undefined): string {
  return sortKeys(sort, deviceSortKeys)
    .map(({ name, descending }) => (descending ? `-${name}` : name))
    .join(",");
}

const cast = (value: string, type: CursorKeyType) =>
  type === "integer"
    ? sql`${value}::integer`
    : type === "timestamptz"
      ? sql`${value}::timestamptz`
      : sql`${value}::text`;

/**
 * The rows beyond a cursor position, in the direction the page walks (`forward`: the order
 * itself). Keys sorted one way compare as a row, `(name, id) > ($1, $2)`, which the
 * index of (name, id) answers as a range; mixed directions spell the comparison out.
 */
function beyond(keys: readonly OrderKey[], values: readonly string[], forward: boolean): SQL {
  const greater = (key: OrderKey) => key.descending !== forward;
  if (keys.every((key) => key.descending === keys[0]!.descending)) {
    const left = sql.join(
      keys.map((k) => sql`${k.expression}`),
      sql`, `,
    );
    const right = sql.join(
      keys.map((k, i) => cast(values[i]!, k.type)),
      sql`, `,
    );
    return greater(keys[0]!) ? sql`(${left}) > (${right})` : sql`(${left}) < (${right})`;
  }
  const branches = keys.map((key, i) => {
    const equal = keys
      .slice(0, i)
      .map((k, j) => sql`${k.expression} = ${cast(values[j]!, k.type)}`);
    const step = greater(key)
      ? sql`${key.expression} > ${cast(values[i]!, key.type)}`
      : sql`${key.expression} < ${cast(values[i]!, key.type)}`;
    return sql`(${sql.join([...equal, step], sql` and `)})`;
  });
  return sql`(${sql.join(branches, sql` or `)})`;
}

/** A device's own columns as answers show them: everything but its secret and facts. */
export const deviceAnswerColumns = {
  id: devices.id,
  companyId: devices.companyId,
  name: devices.name,
  description: devices.description,
  serial: devices.serial,
  mac: devices.mac,
  model: devices.model,
  firmware: devices.firmware,
  status: devices.status,
  signal: devices.signal,
  temperature: devices.temperature,
  operator: devices.operator,
  connectionType: devices.connectionType,
  wanIp: devices.wanIp,
  latitude: devices.latitude,
  longitude: devices.longitude,
  altitude: devices.altitude,
  routerUptime: devices.routerUptime,
  sent: devices.sent,
  received: devices.received,
  lastSeenAt: devices.lastSeenAt,
  createdAt: devices.createdAt,
  updatedAt: devices.updatedAt,
};

/**
 * A device's tags by name, as JSON (`color` only when set), in the device's own query: a
 * page costs one round trip, not one more for its tags.
 */
export const deviceTagsJson = sql<
  { id: number; name: string; color?: string }[]
>`(select coalesce(json_agg(json_strip_nulls(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color})) order by ${tags.name}, ${tags.id}), '[]'::json) from ${deviceTags} join ${tags} on ${tags.id} = ${deviceTags.tagId} where ${deviceTags.deviceId} = ${devices.id})`;

/** The columns a list row carries; the list, the export and single-device reads share them. */
const rowColumns = {
  ...deviceAnswerColumns,
  companyName: companies.name,
  tags: deviceTagsJson,
};

/**
 * A select list written once: a page is read through `execute` and its rows decoded here,
 * because building the list and mapping each value through the query builder took a third
 * of a page's time in the server.
 */
function selectList(columns: Record<string, ListExpression>): SQL {
  const query = new PgDialect().sqlToQuery(
    sql.join(
      Object.entries(columns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
      sql`, `,
    ),
  );
  if (query.params.length > 0) throw new Error("A device row's select list takes no values.");
  return sql.raw(query.sql);
}

const ROW_SELECT = selectList(rowColumns);
/** A row with the facts the device reported about itself, as its own page shows it. */
const DETAIL_SELECT = selectList({ ...rowColumns, facts: devices.facts });

const deviceDecoders = Object.entries(deviceAnswerColumns);

export interface DeviceListRow {
  device: Pick<typeof devices.$inferSelect, keyof typeof deviceAnswerColumns>;
  companyName: string;
  tags: DeviceTag[];
}

export interface DeviceDetailRow extends DeviceListRow {
  device: DeviceListRow["device"] & Pick<typeof devices.$inferSelect, "facts">;
}

/** A row as `execute` answers it, decoded as the query builder would. */
function listRow(raw: Record<string, unknown>): DeviceListRow {
  const device: Record<string, unknown> = {};
  for (const [key, column] of deviceDecoders) {
    const value = raw[key];
    device[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  if ("facts" in raw)
    device.facts = raw.facts === null ? null : devices.facts.mapFromDriverValue(raw.facts);
  return {
    device: device as DeviceListRow["device"],
    companyName: raw.companyName as string,
    tags: raw.tags as DeviceTag[],
  };
}

/** The sort keys of a row as its cursor records them. */
const cursorKeyOf = (keys: readonly { expression: ListExpression }[]) =>
  sql`array[${sql.join(
    keys.map(({ expression }) => sql`${expression}::text`),
    sql`, `,
  )}]`;

/** The caller's devices joined to their companies: the FROM of every row read. */
const FROM = sql`${devices} inner join ${companies} on ${companies.id} = ${devices.companyId}`;

export interface DeviceListPage {
  rows: DeviceListRow[];
  /** Matches, counted up to DEVICE_LIST_COUNT_CAP. */
  total: number;
  /** More than `total` match. */
  capped: boolean;
  next?: string;
  prev?: string;
}

/**
 * How many devices match `where`, up to one more than the cap, as one uncorrelated subquery
 * (the database answers it once per statement). Counting even to the cap reads ten thousand
 * rows (1.6 ms, eight times the page itself); for a whole fleet that the planner estimates
 * far past the cap (`estimated`: the caller sees every device and filters nothing), the
 * estimate answers instead (FAR_PAST_CAP). It lags behind writes, hence the wide margin.
 */
function cappedTotal(where: SQL | undefined, estimated: boolean): SQL<number> {
  const counted = sql`(select count(*)::integer from (select 1 from ${devices} where ${where ?? sql`true`} limit ${DEVICE_LIST_COUNT_CAP + 1}) as matches)`;
  if (!estimated) return sql<number>`${counted}`;
  return sql<number>`case when (select reltuples from pg_class where oid = 'devices'::regclass) > ${DEVICE_LIST_COUNT_CAP * 10} then ${FAR_PAST_CAP} else ${counted} end`;
}

/** The total of a whole fleet that the table's estimate puts far past the cap. */
const FAR_PAST_CAP = DEVICE_LIST_COUNT_CAP + 2;

/**
 * When each filter (by tenant and well-estimated filter values) last matched more devices
 * than the cap, per database: counted, or estimated for a whole fleet. For a while after,
 * its pages leave the count out of their statement: counting to the cap reads ten thousand
 * rows, several times the page itself, and planning the estimate cost as much as reading the
 * page. A filter that matched ten thousand devices a moment ago still matches about as many.
 */
const pastCapSeen = new WeakMap<Db, Map<string, number>>();
const PAST_CAP_TTL_MS = 10_000;

function recentlyPastCap(db: Db, key: string): boolean {
  const seen = pastCapSeen.get(db)?.get(key);
  return seen !== undefined && Date.now() - seen < PAST_CAP_TTL_MS;
}

function notePastCap(db: Db, key: string) {
  let seen = pastCapSeen.get(db);
  if (!seen) pastCapSeen.set(db, (seen = new Map<string, number>()));
  const now = Date.now();
  // Filters come and go: what has expired goes before the map grows past a few hundred.
  if (seen.size >= 500) {
    for (const [old, at] of seen) if (now - at >= PAST_CAP_TTL_MS) seen.delete(old);
  }
  seen.set(key, now);
}

/**
 * Filters the planner estimates well (column statistics, an index ending in the id): a page
 * with no others is read in one statement, its plan chosen from the estimate. A text search,
 * a tag or a computed column (signal buckets, `lower(connection_type)`) is estimated poorly,
 * so their matches are counted first and a few of them read by id.
 */
const WELL_ESTIMATED = {
  status: undefined,
  model: undefined,
  firmware: undefined,
  company_id: undefined,
};

/**
 * The first FEW_MATCHES + 1 devices of `where` (as many as tell whether they are few), each
 * with its sort keys: the search's own scan reads them, so the page is chosen among the
 * matches before any whole row is read.
 */
function fewMatchesOf(where: SQL | undefined, keys: readonly OrderKey[]) {
  const named = keys.map((key, i) => ({ ...key, name: i === keys.length - 1 ? "id" : `k${i}` }));
  const columns = sql.join(
    named.map(({ expression, name }) => sql`${expression} as ${sql.identifier(name)}`),
    sql`, `,
  );
  const source = keys.some((key) => key.expression === companies.name) ? FROM : sql`${devices}`;
  return {
    query: sql`select ${columns} from ${source} where ${where ?? sql`true`} limit ${FEW_MATCHES + 1}`,
    /** The keys as the matches name them. */
    keys: named.map(({ name, ...key }) => ({ ...key, expression: sql`${sql.identifier(name)}` })),
  };
}

/**
 * Rows by id, named and planned once per connection: reading rows by key plans the same
 * whatever the ids. Each kind of row comes in all companies and in the caller's tree.
 */
type Statement = ReturnType<typeof namedStatement>;
const byId = sql`${devices.id} = any(${sql.placeholder("ids")}::integer[])`;
const inTree = sql`${byId} and ${inCompanyTree(devices.companyId, sql.placeholder("tree"))}`;
const rowsStatement = (name: string, select: SQL, where: SQL) =>
  namedStatement(
    name,
    sql`select ${select} from ${FROM} where ${where} order by ${devices.id} desc`,
  );
const rowStatements: Record<"rows" | "details", [all: Statement, inTree: Statement]> = {
  rows: [
    rowsStatement("device_rows", ROW_SELECT, byId),
    rowsStatement("device_rows_in_tenant", ROW_SELECT, inTree),
  ],
  details: [
    rowsStatement("device_details", DETAIL_SELECT, byId),
    rowsStatement("device_details_in_tenant", DETAIL_SELECT, inTree),
  ],
};

/** A page's row as its first statement picks it. */
interface Chosen {
  id: number;
  cursorKey: string[];
  total?: number;
}

export function deviceListRepo(db: Db) {
  /** How many devices match (up to the cap), with their ids when they are few. */
  async function countMatches(where: SQL | undefined) {
    const counted = await db.execute(
      sql`select count(*)::integer as total,
          case when count(*) <= ${FEW_MATCHES} then array_agg(id) end as ids
          from (select ${devices.id} as id from ${devices} where ${where ?? sql`true`} limit ${DEVICE_LIST_COUNT_CAP + 1}) as matches`,
    );
    const answer = resultRows<{ total: number; ids: number[] | null }>(counted)[0];
    return { total: answer?.total ?? 0, ids: answer?.ids ?? null };
  }

  /** The `order by` of `keys` for a page walking `forward`, each key wrapped by `wrap`. */
  const orderBy = (
    keys: readonly OrderKey[],
    forward: boolean,
    wrap: (e: ListExpression) => ListExpression = (e) => e,
  ) =>
    sql.join(
      keys.map(({ expression, descending }) =>
        descending === forward ? desc(wrap(expression)) : asc(wrap(expression)),
      ),
      sql`, `,
    );

  type PageOptions = {
    limit: number;
    offset: number;
    cursor?: { values: string[]; forward: boolean } | undefined;
  };

  /**
   * One page in `keys` order from `where`, walking from a cursor when given. Its ids, keys
   * and total come from one statement, its rows from another planned once per connection:
   * planning the rows' wide select, its join and the tags cost the database more than
   * finding the page and reading it, and than a second round trip.
   */
  async function page(
    where: SQL | undefined,
    keys: readonly OrderKey[],
    opts: PageOptions & {
      /** Sort through the filter's own indexes rather than walk a sort index (few matches). */
      fewMatches: boolean;
      /** How many match, answered in the same statement as the page. */
      total?: SQL<number>;
    },
  ) {
    const forward = opts.cursor?.forward ?? true;
    const after = opts.cursor && beyond(keys, opts.cursor.values, forward);
    // A few rows are sorted by an expression the planner cannot take to a sort index, so that
    // it sorts the rows read rather than walk the index looking for them.
    const few = (e: ListExpression) => (opts.fewMatches ? sql`coalesce(${e}, ${e})` : e);
    const source = keys.some((key) => key.expression === companies.name) ? FROM : sql`${devices}`;
    const columns = sql`${devices.id} as id, ${cursorKeyOf(keys)} as "cursorKey"${opts.total ? sql`, ${opts.total} as "total"` : sql``}`;
    const chosen = resultRows<Chosen>(
      await db.execute(
        sql`select ${columns} from ${source} where ${and(where, after) ?? sql`true`} order by ${orderBy(keys, forward, few)} limit ${opts.limit} offset ${opts.offset}`,
      ),
    );
    const rows = await rowsOf(chosen);
    return forward ? rows : rows.reverse();
  }

  /**
   * One page chosen among a search's `matches` (none when there are more than a few): their
   * keys and count pick the page's ids, and only those rows are read whole.
   */
  async function pageAmongMatches(
    matches: ReturnType<typeof fewMatchesOf>,
    opts: PageOptions,
  ): Promise<Awaited<ReturnType<typeof page>>> {
    const forward = opts.cursor?.forward ?? true;
    const after = opts.cursor && beyond(matches.keys, opts.cursor.values, forward);
    const order = orderBy(matches.keys, forward);
    const chosen = resultRows<Chosen>(
      await db.execute(
        sql`with matches as (${matches.query}) select id, ${cursorKeyOf(matches.keys)} as "cursorKey", (select count(*)::integer from matches) as total from matches where ${and(sql`(select count(*) from matches) <= ${FEW_MATCHES}`, after)} order by ${order} limit ${opts.limit} offset ${opts.offset}`,
      ),
    );
    const rows = await rowsOf(chosen);
    return forward ? rows : rows.reverse();
  }

  /** The whole rows of a page's chosen ids, in their order, each with its key and total. */
  async function rowsOf(chosen: Chosen[]) {
    const read = new Map(
      (
        await rowsByIds(
          undefined,
          chosen.map(({ id }) => id),
        )
      ).map((row) => [row.device.id, row]),
    );
    return chosen.flatMap(({ id, cursorKey, total }) => {
      const row = read.get(id);
      // A device deleted between the two statements is left out of the page.
      return row ? [{ ...row, cursorKey, total }] : [];
    });
  }

  /** Devices by id, as the list shows them, in the caller's tree when `scope` is given. */
  async function rowsByIds(
    scope: TenantScope | undefined,
    ids: readonly number[],
    detail = false,
  ): Promise<DeviceListRow[]> {
    if (ids.length === 0) return [];
    const read = rowStatements[detail ? "details" : "rows"][scope && !scope.global ? 1 : 0];
    const result = await read(db, { ids, tree: scope && treePattern(scope) });
    return resultRows<Record<string, unknown>>(result).map(listRow);
  }

  return {
    /**
     * One page of the caller's devices that match, how many match (up to the cap), and the
     * cursors of the pages before and after it.
     */
    async list(scope: TenantScope, query: DeviceListQuery): Promise<DeviceListPage> {
      if (query.after !== undefined && query.before !== undefined) {
        throw new AppError("VALIDATION_FAILED", "Give either after or before, not both.", {
          source: "before",
        });
      }
      const where = deviceListWhere(scope, query);
      const keys = orderKeys(query.sort);
      const signature = sortSignature(query.sort);
      const token = query.after ?? query.before;
      const cursor =
        token === undefined
          ? undefined
          : {
              values: decodeCursor(
                token,
                signature,
                keys.map((k) => k.type),
                query.after !== undefined ? "after" : "before",
              ),
              forward: query.after !== undefined,
            };
      const pageOpts = { limit: query.limit + 1, offset: query.offset, cursor };
      let fetched: Awaited<ReturnType<typeof page>> = [];
      let found: number | undefined;
      if (query.limit > 0 && !narrows(query, WELL_ESTIMATED)) {
        // The sort index reads the page, and the count travels with it: one round trip.
        const estimated = scope.global && !narrows(query);
        const filter = JSON.stringify([
          scope.global ? null : scope.companyPath,
          ...Object.keys(WELL_ESTIMATED).map((name) => query[name as keyof typeof WELL_ESTIMATED]),
        ]);
        const known = recentlyPastCap(db, filter);
        fetched = await page(where, keys, {
          ...pageOpts,
          fewMatches: false,
          ...(known ? {} : { total: cappedTotal(where, estimated) }),
        });
        found = known && fetched.length > 0 ? FAR_PAST_CAP : fetched[0]?.total;
        if (!known && found !== undefined && found > DEVICE_LIST_COUNT_CAP) {
          notePastCap(db, filter);
        }
      } else if (query.limit > 0) {
        // Most searches find a few devices: one statement finds them, counts them and picks
        // the page among them, and answers nothing when there are more than a few.
        fetched = await pageAmongMatches(fewMatchesOf(where, keys), pageOpts);
        found = fetched[0]?.total;
      }
      if (found === undefined) {
        // Nothing came back: none match, many do, or the page lies past them. Counted up to
        // the cap; when they are few, their ids come back, so that the page reads them by
        // key instead of running the filter again (a text search costs ms).
        const answer = await countMatches(where);
        found = answer.total;
        const capped = found > DEVICE_LIST_COUNT_CAP;
        if (
          query.limit === 0 ||
          (!cursor && !capped && query.offset >= Math.min(found, DEVICE_LIST_COUNT_CAP))
        ) {
          return { rows: [], total: Math.min(found, DEVICE_LIST_COUNT_CAP), capped };
        }
        fetched = await page(answer.ids ? inArray(devices.id, answer.ids) : where, keys, {
          ...pageOpts,
          fewMatches: answer.ids !== null,
        });
      }
      const capped = found > DEVICE_LIST_COUNT_CAP;
      const total = Math.min(found, DEVICE_LIST_COUNT_CAP);
      // One row more than the page tells whether another page follows in that direction.
      const more = fetched.length > query.limit;
      const rows =
        cursor?.forward === false
          ? fetched.slice(fetched.length - query.limit)
          : fetched.slice(0, query.limit);
      const first = rows[0];
      const last = rows.at(-1);
      const backward = cursor?.forward === false;
      const hasNext = backward ? rows.length > 0 : more;
      const hasPrev = backward ? more : cursor !== undefined || query.offset > 0;
      return {
        rows,
        total,
        capped,
        ...(hasNext && last ? { next: encodeCursor(signature, last.cursorKey) } : {}),
        ...(hasPrev && first ? { prev: encodeCursor(signature, first.cursorKey) } : {}),
      };
    },

    /**
     * Every matching device in the list's order, a thousand at a time, each batch read after
     * the last row of the one before: memory stays flat and every batch costs the same.
     */
    batches(scope: TenantScope, filters: DeviceFilters & { sort?: string | undefined }) {
      // Checked now, while the caller can still answer with an error.
      const where = deviceListWhere(scope, filters);
      const keys = orderKeys(filters.sort);
      const size = 1000;
      return (async function* () {
        let cursor: { values: string[]; forward: boolean } | undefined;
        for (;;) {
          const rows = await page(where, keys, {
            limit: size,
            offset: 0,
            cursor,
            fewMatches: false,
          });
          if (rows.length > 0) yield rows;
          if (rows.length < size) return;
          cursor = { values: rows.at(-1)!.cursorKey, forward: true };
        }
      })();
    },

    /**
     * The ids of the caller's devices the filters match, at most `limit` of them, in id
     * order: a bulk action's selection.
     */
    async idsMatching(scope: TenantScope, filters: DeviceFilters, limit: number) {
      const result = await db.execute(
        sql`select ${devices.id} as id from ${FROM} where ${deviceListWhere(scope, filters) ?? sql`true`} order by ${devices.id} limit ${limit}`,
      );
      return resultRows<{ id: number }>(result).map((row) => row.id);
    },

    /** Those of `ids` that are devices of the caller's tree. */
    async idsInScope(scope: TenantScope, ids: readonly number[]) {
      if (ids.length === 0) return [];
      const result = await db.execute(
        sql`select ${devices.id} as id from ${devices} where ${and(sql`${devices.id} = any(${sql.param([...ids])}::integer[])`, inTenant(scope, devices.companyId))}`,
      );
      return resultRows<{ id: number }>(result).map((row) => row.id);
    },

    /** Devices of the caller's tree by id, as the list shows them (after a write, say). */
    byIds(scope: TenantScope, ids: readonly number[]): Promise<DeviceListRow[]> {
      return rowsByIds(scope, ids);
    },

    /** The device with the facts it reported, as its page shows it, when in the caller's tree. */
    async detail(scope: TenantScope, id: number): Promise<DeviceDetailRow | undefined> {
      const [row] = await rowsByIds(scope, [id], true);
      return row as DeviceDetailRow | undefined;
    },

    /**
     * How many of the matching devices fall under each status, model and firmware: one
     * pass over the matches (grouping sets), the largest `keep` groups of each chart.
     */
    async statistics(
      scope: TenantScope,
      filters: DeviceFilters,
      charts: readonly (keyof DeviceStatistics)[],
      keep = 100,
    ): Promise<DeviceStatistics> {
      const where = deviceListWhere(scope, filters);
      const keyOf: Record<keyof DeviceStatistics, SQL> = {
        status: sql`${devices.status}::integer`,
        model: sql`${devices.model}`,
        firmware: firmwareKey,
      };
      const asked = (["status", "model", "firmware"] as const).filter((c) => charts.includes(c));
      if (asked.length === 0) return {};
      const columns = sql.join(
        asked.map((chart) => sql`${keyOf[chart]} as ${sql.identifier(chart)}`),
        sql`, `,
      );
      const sets = sql.join(
        asked.map((chart) => sql`(${sql.identifier(chart)})`),
        sql`, `,
      );
      const result = await db.execute(
        sql`select ${sql.join(
          asked.map((chart) => sql`${sql.identifier(chart)}`),
          sql`, `,
        )}, count(*)::integer as count from (select ${columns} from ${devices} where ${where ?? sql`true`}) as matches group by grouping sets (${sets})`,
      );
      const answer: DeviceStatistics = {};
      const groups = resultRows<Record<string, string | number | null>>(result);
      for (const chart of asked) {
        const counts: [string, number][] = [];
        for (const row of groups) {
          const key = row[chart];
          if (key === null || key === undefined) continue;
          const name =
            chart === "status"
              ? statusFilterOf(Number(key))
              : chart === "firmware" && key === ""
                ? UNKNOWN_FIRMWARE
                : String(key);
          counts.push([name, Number(row.count)]);
        }
        const merged = new Map<string, number>();
        for (const [name, count] of counts) merged.set(name, (merged.get(name) ?? 0) + count);
        answer[chart] = Object.fromEntries(
          [...merged].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, keep),
        );
      }
      return answer;
    },
  };
}
