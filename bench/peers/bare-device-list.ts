/**
 * The peer of the device-list benchmark: a bare `node:http` server and a `pg` pool answering
 * the same pages with the plainest SQL that does the job (one statement: the page, its
 * tags, and the matches counted up to the cap), and `JSON.stringify`. No routing library,
 * no authentication, no validation: what any server must at least spend on such a page.
 *
 *   GET /?order=id|name|model [&after_name=…&after_id=…] [&q=…] [&status=1] [&limit=25]
 *   GET /device/ID
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";

const COLUMNS = `d.id, d.company_id, c.name as company_name, d.name, d.description, d.serial,
  d.mac, d.model, d.firmware, d.status, d.signal, d.temperature, d.operator, d.connection_type,
  d.wan_ip, d.latitude, d.longitude, d.router_uptime, d.sent, d.received, d.last_seen_at,
  d.created_at, d.updated_at`;

const TAGS = `(select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color)
  order by t.name, t.id), '[]'::json) from device_tags dt join tags t on t.id = dt.tag_id
  where dt.device_id = d.id) as tags`;

const ORDERS: Record<string, string> = {
  id: "d.id desc",
  name: "d.name, d.id",
  model: "d.model, d.id",
};

export async function startBarePeer(url: string, cap: number) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://peer");
    const query = url.searchParams;
    const one = /^\/device\/(\d+)$/.exec(url.pathname);
    if (one) {
      pool
        .query(
          `select ${COLUMNS}, d.facts, ${TAGS} from devices d join companies c on c.id = d.company_id where d.id = $1`,
          [Number(one[1])],
        )
        .then(
          (result) => {
            res.writeHead(result.rows.length ? 200 : 404, { "content-type": "application/json" });
            res.end(JSON.stringify({ success: true, data: result.rows[0] as unknown }));
          },
          (error: unknown) => {
            res.writeHead(500);
            res.end(String(error));
          },
        );
      return;
    }
    const limit = Math.min(100, Number(query.get("limit") ?? 25));
    const where: string[] = [];
    const values: unknown[] = [];
    const q = query.get("q");
    if (q !== null) {
      values.push(`%${q}%`);
      where.push(`(d.name ilike $1 or d.serial ilike $1 or d.mac ilike $1)`);
    }
    const status = query.get("status");
    if (status !== null) {
      values.push(Number(status));
      where.push(`d.status = $${values.length}`);
    }
    const matching = where.length ? where.join(" and ") : "true";
    const page = [...where];
    if (query.get("after_name") !== null) {
      values.push(query.get("after_name"), Number(query.get("after_id")));
      page.push(`(d.name, d.id) > ($${values.length - 1}, $${values.length})`);
    }
    const sql = `select ${COLUMNS}, ${TAGS},
        (select count(*)::integer from (select 1 from devices d where ${matching} limit ${cap + 1}) m) as total
      from devices d join companies c on c.id = d.company_id
      where ${page.length ? page.join(" and ") : "true"}
      order by ${ORDERS[query.get("order") ?? "id"]} limit ${limit + 1}`;
    pool.query(sql, values).then(
      (result) => {
        const total = (result.rows[0] as { total?: number } | undefined)?.total ?? 0;
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({ success: true, data: result.rows.slice(0, limit), meta: { total } }),
        );
      },
      (error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}
