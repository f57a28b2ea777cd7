import v8 from "node:v8";
import vm from "node:vm";
import { buildApp } from "./app";
import { bootstrapFirstAdmin, syncFixedRoles } from "./modules/accounts/bootstrap";
import { openDatabase } from "./db/client";
import { StartUpError } from "./lib/start-up-error";
import { parseEnv, resolveDataDir } from "./env";
import { hashPassword } from "./modules/accounts/passwords";

/** The process: configuration, database, first-start bootstrap, then the HTTP server. */
async function main() {
  const env = parseEnv();
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: resolveDataDir(env),
    onIdleError: (err) => process.stderr.write(`database connection lost: ${err.message}\n`),
  });
  await database.migrate();
  await syncFixedRoles(database.db);
  const first = await bootstrapFirstAdmin(database.db, {
    email: env.NETFLEET_ADMIN_EMAIL,
    password: env.NETFLEET_ADMIN_PASSWORD,
    companyName: env.NETFLEET_COMPANY_NAME,
    hash: hashPassword,
  });

  const app = await buildApp({ env, database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  const address = await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info({ address, database: database.kind }, "Netfleet is running");
  collectStartUpGarbage();

  if (first) {
    // Printed once, on the terminal, not in the JSON log: the password is never logged.
    const password = first.generated ? first.password : "(the one in NETFLEET_ADMIN_PASSWORD)";
    process.stdout.write(
      [
        "",
        "  Netfleet created its first company and super administrator:",
        `    E-mail:   ${first.email}`,
        `    Password: ${password}`,
        ...(first.generated ? ["  Save this password now: it is not shown again."] : []),
        `  Open ${app.ctx.publicUrl} to sign in.`,
        "",
        "",
      ].join("\n"),
    );
  }
}

/**
 * One full collection once the server listens: what loading the modules and migrating left
 * behind goes, and V8 shrinks the young generation that the start grew to its maximum (16 MB
 * of `--max-semi-space-size=8`) back to what an idle server needs. Left alone, an idle
 * process allocates too little for V8 to collect at all, and keeps both.
 */
function collectStartUpGarbage() {
  v8.setFlagsFromString("--expose-gc");
  (vm.runInNewContext("gc") as () => void)();
}

function startUpMessage(err: unknown): string {
  if (err instanceof StartUpError) return err.message;
  if ((err as NodeJS.ErrnoException | null)?.code === "EADDRINUSE") {
    return "The HTTP port is in use: set PORT to a free port.";
  }
  return err instanceof Error ? (err.stack ?? err.message) : String(err);
}

main().catch((err: unknown) => {
  process.stderr.write(`Netfleet failed to start: ${startUpMessage(err)}\n`);
  process.exit(1);
});
