/**
 * API-1: what the server itself costs per request. Netfleet answers `/healthz` through its
 * whole request path (security headers, request id, hooks, a database round trip shared by
 * the probes in flight), beside a bare `node:http` server in the same process answering the
 * same bytes. 32 callers at once from a load generator in its own process; the two answer
 * in turns, PAIRS times (bench/http-turns.ts). A device read through the real handler, beside
 * `pg` running the minimal SQL, is API-2 (bench/devices-list.ts).
 *
 *   npm run bench:api                                      PGlite
 *   BENCH_DATABASE_URL=postgres://…/db npm run bench:api   PostgreSQL (an empty database)
 *
 * Figures are also written to bench/results/api-<engine>.json.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { openDatabase } from "../apps/server/src/db/client";
import { bootstrapFirstAdmin, syncFixedRoles } from "../apps/server/src/modules/accounts/bootstrap";
import { hashPassword } from "../apps/server/src/modules/accounts/passwords";
import { paired, pin, ratioLine, summary, turn, turnLine, writeResults } from "./http-turns";
import { signedInApp } from "./in-process";

const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
const CONCURRENCY = 32;

const database = await openDatabase(DATABASE_URL ? { url: DATABASE_URL } : {});
await database.migrate();
await syncFixedRoles(database.db);
const admin = (await bootstrapFirstAdmin(database.db, {
  companyName: "Bench",
  email: "bench@example.com",
  password: "bench password",
  hash: hashPassword,
}))!;

const { app } = await signedInApp(database, admin);
await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as AddressInfo).port;

interface Case {
  name: string;
  path: string;
  headers: Record<string, string>;
}
const cases: Case[] = [{ name: "/healthz", path: "/healthz", headers: {} }];

// The peer answers each path with the bytes Netfleet gave for it.
const bodies = new Map<string, string>();
for (const c of cases) {
  const res = await fetch(`http://127.0.0.1:${port}${c.path}`, { headers: c.headers });
  if (res.status !== 200) throw new Error(`${c.path}: ${res.status} ${await res.text()}`);
  bodies.set(c.path, await res.text());
}
const peer = http.createServer((req, res) => {
  const body = bodies.get(req.url ?? "");
  res.writeHead(body === undefined ? 404 : 200, { "content-type": "application/json" });
  res.end(body);
});
await new Promise<void>((resolve) => peer.listen(0, "127.0.0.1", resolve));
const peerPort = (peer.address() as AddressInfo).port;

const pinned = pin();
process.stdout.write(
  `API-1 on ${database.kind}: ${PAIRS} pairs of ${REQUESTS} requests, ${CONCURRENCY} callers, beside a bare node:http server${pinned ? "; servers on CPU 0, load on CPU 1" : ""}\n`,
);
const results = [];
for (const c of cases) {
  const options = { path: c.path, requests: REQUESTS, concurrency: CONCURRENCY, warmup: 2000 };
  const { ours, theirs, ratio } = await paired(
    PAIRS,
    () => turn(pinned, { ...options, port, headers: c.headers }),
    () => turn(pinned, { ...options, port: peerPort }),
  );
  results.push({
    case: c.name,
    netfleet: summary(ours),
    peer: summary(theirs),
    throughput_ratio: ratio,
  });
  process.stdout.write(
    `  ${c.name.padEnd(14)} ${turnLine(summary(ours))}   peer ${turnLine(summary(theirs))}   ratio ${ratioLine(ratio)}\n`,
  );
}
writeResults(`api-${database.kind}`, {
  concurrency: CONCURRENCY,
  requests: REQUESTS,
  pairs: PAIRS,
  pinned,
  results,
});
peer.close();
await app.close();
await database.close();
