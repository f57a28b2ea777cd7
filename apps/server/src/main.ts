import { setSourceMapsSupport } from "node:module";

// Stack traces name the TypeScript sources of the compiled server (apps/server/dist): the
// maps of the code loaded after this line are read, and only its own, not those of every
// package, which `--enable-source-maps` would keep in memory too (some 15 MB).
setSourceMapsSupport(true, { nodeModules: false });
await import("./start");
