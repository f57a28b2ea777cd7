// `npm start`: builds the console if needed, then runs the server in this process's
// place (signals and exit code pass straight through).
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureWebBuilt } from "./ensure-web-built.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
ensureWebBuilt();
const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
