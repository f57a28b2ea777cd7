// Importing node:http in the server loads Node's fetch client; lib/node-http.ts requires it.
import { STATUS_CODES } from "node:http";

export const ok = STATUS_CODES[200];
