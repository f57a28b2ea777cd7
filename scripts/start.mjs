// `npm start`: builds the console and the server if needed, then runs the compiled server
// in this process's place (signals and exit code pass straight through).
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuilt } from "./ensure-built.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
ensureBuilt("web");
ensureBuilt("server");
// A young generation of 2 × 8 MB: left to itself V8 grows it to 2 × 64 MB while the modules
// load and keeps it, over 100 MB of an idle server's memory; requests run as fast either way.
const server = spawn(process.execPath, ["--max-semi-space-size=8", "apps/server/dist/main.js"], {
  cwd: root,
  // glibc's malloc raises its mmap threshold to the largest block freed so far (up to 32 MB),
  // so the large buffers the start reads and lets go (PGlite's WebAssembly and files) end up
  // in its arenas, which keep the memory once freed: some 70 MB on the embedded database. A
  // fixed threshold gives every block of 128 kB or more back to the system when it is freed.
  env: { MALLOC_MMAP_THRESHOLD_: "131072", ...process.env },
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
