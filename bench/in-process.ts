/**
 * Netfleet built in this process on a bench's database (no port until the bench listens),
 * and the cookies a console holds once `admin` signed in: the session's and the XSRF one.
 */
import type { FastifyInstance } from "fastify";
import { buildApp } from "../apps/server/src/app";
import type { Database } from "../apps/server/src/db/client";
import { parseEnv } from "../apps/server/src/env";

export async function signedInApp(
  database: Database,
  admin: { email: string; password: string },
): Promise<{ app: FastifyInstance; cookies: Record<string, string> }> {
  const env = parseEnv({
    LOG_LEVEL: "silent",
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
    WEB_DIST_DIR: "/nonexistent",
    MQTT_PORT: "0",
  });
  const app = await buildApp({ env, database, logger: false });
  const signIn = await app.inject({
    method: "POST",
    url: "/account/sign-in",
    payload: { email: admin.email, password: admin.password },
    headers: { "x-xsrf-token": "b" },
    cookies: { "XSRF-TOKEN": "b" },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in: ${signIn.statusCode} ${signIn.body}`);
  return {
    app,
    cookies: {
      "XSRF-TOKEN": "b",
      ...Object.fromEntries(signIn.cookies.map((c) => [c.name, c.value])),
    },
  };
}

/** The cookies as a `cookie` header. */
export const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
