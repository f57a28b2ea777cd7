import type * as Http from "node:http";
import { createRequire } from "node:module";

/**
 * `node:http`, required rather than imported. An ES module import of it builds its module
 * namespace, which reads every export, and three of them (WebSocket, CloseEvent,
 * MessageEvent) load Node's bundled fetch client: some 13 MB of memory the server never
 * uses. `require` reads only what is asked for.
 */
export const nodeHttp = createRequire(import.meta.url)("node:http") as typeof Http;
