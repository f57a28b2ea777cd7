// `npm run build -w @netfleet/server`: the server as plain ES modules in apps/server/dist
// (main.js, what `npm start` runs; seed-demo.js, `npm run seed:demo`; the chunks they share),
// so production needs no TypeScript loader. The workspace's TypeScript (the server and
// @netfleet/contracts) is bundled; packages from node_modules stay imports. Code a module
// imports dynamically is a chunk of its own: main.js turns source maps on before loading it.
// The embedded database's thread runs pglite-worker.js, compiled here too, so that the
// thread does not load Node's TypeScript stripper (a WebAssembly module of its own).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "apps/server/dist");

/** @type {esbuild.Plugin} */
const externalPackages = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@netfleet/") ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * A source file's `import.meta.url` stays its own URL, reached from the bundle: the paths
 * modules compute from it (the migrations beside db/client.ts, the console's dist) name
 * the same files whether the source or the bundle runs.
 * @type {esbuild.Plugin}
 */
const sourceUrls = {
  name: "source-urls",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, "utf8");
      if (!text.includes("import.meta.url")) return undefined;
      const fromBundle = path.relative(outdir, args.path).split(path.sep).join("/");
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: text.replaceAll("import.meta.url", url), loader: "ts" };
    });
  },
};

const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints: {
    main: "apps/server/src/main.ts",
    "seed-demo": "apps/server/src/demo/seed-demo.ts",
    "pglite-worker": "apps/server/src/db/pglite-worker.ts",
  },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  splitting: true,
  // Stack traces need the mappings only; comments go too, and with them the non-ASCII
  // characters that would make V8 keep the whole source at two bytes a character.
  sourcemap: true,
  sourcesContent: false,
  minifyWhitespace: true,
  write: false,
  logLevel: "warning",
  // Where db/pglite-thread.ts finds the compiled worker, from its own (source) URL.
  define: {
    PGLITE_WORKER_FILE: JSON.stringify(
      path.relative(path.join(root, "apps/server/src/db"), path.join(outdir, "pglite-worker.js")),
    ),
  },
  plugins: [externalPackages, sourceUrls],
});
// Each file is written whole, then renamed into place: server processes that test runs
// start side by side may build at the same moment, and none may load half a file.
fs.mkdirSync(outdir, { recursive: true });
for (const file of result.outputFiles) {
  const partial = `${file.path}.${process.pid}.tmp`;
  fs.writeFileSync(partial, file.contents);
  fs.renameSync(partial, file.path);
}
// Chunks are named by their content: those of earlier builds go.
const written = new Set(result.outputFiles.map((file) => path.basename(file.path)));
for (const name of fs.readdirSync(outdir))
  if (!written.has(name) && !name.endsWith(".tmp"))
    fs.rmSync(path.join(outdir, name), { recursive: true, force: true });
