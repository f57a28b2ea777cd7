/**
 * The load generator of the HTTP benchmarks, run as its own process (pinned to its own core
 * where `taskset` exists) so that it does not share the server's event loop. Sends `requests`
 * GETs of `path`, `concurrency` at a time over kept-alive connections, and prints one JSON
 * line: p50, p99 and max in ms, requests per second, and how many answers were not 200.
 * `warmup` requests go first, untimed, so that a turn measures the side it asks in its
 * steady state, not the caches the turn before it left behind.
 *
 *   node bench/load-http.mjs '{"port":4000,"path":"/healthz","requests":2000,"concurrency":32}'
 */
import http from "node:http";
import { performance } from "node:perf_hooks";

const { port, path, headers = {}, requests, concurrency, warmup = 0 } = JSON.parse(process.argv[2]);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function get() {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path, headers, agent }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(res.statusCode));
    });
    req.on("error", reject);
  });
}

let times = [];
let failed = 0;
/** `count` requests, `concurrency` at a time, each one's time kept in `times`. */
async function run(count) {
  let left = count;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) {
        const t0 = performance.now();
        if ((await get()) !== 200) failed++;
        times.push(performance.now() - t0);
      }
    }),
  );
}
await run(warmup);
times = [];
const started = performance.now();
await run(requests);
const elapsed = performance.now() - started;
times.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
agent.destroy();
process.stdout.write(
  JSON.stringify({
    p50: at(0.5),
    p99: at(0.99),
    max: times.at(-1),
    rps: (requests / elapsed) * 1000,
    failed,
  }) + "\n",
);
