import type { IncomingMessage } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, type ProxyOptions, type Rolldown } from "vite";
import react from "@vitejs/plugin-react";
// A relative path: the config is bundled on its own, and the package export is TypeScript.
import { APP_VERSION } from "../../packages/contracts/src/constants";
import { FRAME_NAMESPACES } from "./src/locales/frame";
import { precompressBuild } from "./precompress";

const SERVER = "http://localhost:8080";

/**
 * `/account/*` holds both the account service's JSON calls and the SPA's account pages.
 * A browser navigation asks for HTML: Vite serves index.html for it; every other request
 * (XHR, fetch) goes to the server.
 */
function servePagesLocally(req: IncomingMessage): string | undefined {
  const accept = req.headers.accept ?? "";
  return req.method === "GET" && accept.includes("text/html") ? req.url : undefined;
}

/**
 * Stamps the build: `version.json` next to index.html, which running consoles poll to offer
 * an update, and the same timestamp inside the bundle, to compare against (shell §4
 * Update prompt). Seconds since the epoch, as the product's BUILD_TIMESTAMP.
 */
function buildStamp(): Plugin {
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    name: "netfleet-build-stamp",
    config: () => ({ define: { __NETFLEET_BUILD_TIMESTAMP__: JSON.stringify(timestamp) } }),
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: "version.json",
        source: JSON.stringify({ version: APP_VERSION, timestamp }),
      });
    },
  };
}

/** A language's messages: `src/locales/<language>/<namespace>.ts`. */
const LOCALE = /[\\/]src[\\/]locales[\\/]([a-z]+)[\\/]([\w-]+)\.ts$/;

/** The chunk of a language's namespace: the frame's, or the rest (`-more`). */
function messagesChunk(id: string): string | null {
  const [, language, namespace] = LOCALE.exec(id) ?? [];
  if (!language || !namespace) return null;
  return FRAME_NAMESPACES.includes(namespace)
    ? `messages-${language}`
    : `messages-${language}-more`;
}

/**
 * Chunks that carry one of these libraries are named after it, so that the build's output
 * (and the bench, and the weight journey) tell the parts the console loads when first used.
 */
const NAMED_LIBRARIES: [string, RegExp][] = [
  ["echarts", /node_modules[\\/](echarts|zrender)[\\/]/],
  ["socket-io", /node_modules[\\/](socket\.io-client|engine\.io-client)[\\/]/],
];

/**
 * Each language's messages are two chunks of their own (lib/i18n.ts),
 * `messages-<language>-<hash>.js` and `messages-<language>-more-<hash>.js`: a page load
 * fetches one language's.
 */
function chunkFileName(chunk: { moduleIds: readonly string[] }): string {
  const messages = chunk.moduleIds.map(messagesChunk).find(Boolean);
  if (messages) return `assets/${messages}-[hash].js`;
  const library = NAMED_LIBRARIES.find(([, test]) => chunk.moduleIds.some((id) => test.test(id)));
  return `assets/${library?.[0] ?? "[name]"}-[hash].js`;
}

/**
 * Mantine parts of the console that neither the layout nor the device list use before they
 * are opened: its form state, and the components they never show or show only in dialogs,
 * menus and panels whose code loads when first opened.
 */
const LATER_MANTINE =
  /node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/]components[\\/](Accordion|Code|ColorInput|ColorPicker|Combobox|CopyButton|Drawer|FileButton|FloatingIndicator|Image|List|Modal|ModalBase|MultiSelect|NumberInput|PasswordInput|PillsInput|Radio|SegmentedControl|Select|Textarea|Tree)|@mantine[\\/]form|react-number-format)[\\/]/;
// The toasts' container (app/toasts.tsx) loads after the first paint, in a chunk of its own.
const MANTINE = /node_modules[\\/](@mantine[\\/](?!notifications[\\/])|@floating-ui[\\/])/;

/**
 * The modules the signed-in start, the console's layout and the device list import, however
 * deeply. Every console page loads the first two, so one chunk of them costs no page anything
 * it would not load anyway, where split by which pages share them they came as some twenty
 * small files that queued for the browser's six connections before the first page could
 * show. The device list is the page most loads open and the one signing in leads to: in the
 * same chunk, which index.html names, its code arrives with the entry rather than after it.
 */
function consoleFrame(): (id: string, ctx: Rolldown.ChunkingContext) => string | null {
  const roots = [
    "src/app/startup/main-app.tsx",
    "src/app/routes/console/layout.tsx",
    "src/app/routes/management/devices.tsx",
  ].map((file) => path.resolve(import.meta.dirname, file));
  let members: Set<string> | undefined;
  return (id, ctx) => {
    if (!members) {
      members = new Set();
      const missing = roots.find((root) => ctx.getModuleInfo(root) === null);
      if (missing) throw new Error(`The console's frame starts at ${missing}, which is gone`);
      const pending = [...roots];
      for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        if (members.has(next)) continue;
        members.add(next);
        pending.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return members.has(id) ? "console" : null;
  };
}

/**
 * index.html names these chunks beside the entry's own files. Every console page and the
 * sign-in page load them, but the entry asks for them only once it has run: named in the
 * page, they are fetched with it, a round trip sooner. Their styles are fetched too, not
 * applied, so the page's first paint does not wait for them.
 */
function preloadWithEntry(names: string[]): Plugin {
  return {
    name: "netfleet-preload-with-entry",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).flatMap((output) =>
          output.type === "chunk" && names.includes(output.name) ? [output] : [],
        );
        if (chunks.length !== names.length) {
          throw new Error(`index.html should name the chunks ${names.join(", ")}; some are gone`);
        }
        chunks.sort((a, b) => names.indexOf(a.name) - names.indexOf(b.name));
        return chunks.flatMap((chunk) => [
          {
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: "head" as const,
          },
          ...[...(chunk.viteMetadata?.importedCss ?? [])].map((css) => ({
            tag: "link",
            attrs: { rel: "preload", as: "style", crossorigin: true, href: `/${css}` },
            injectTo: "head" as const,
          })),
        ]);
      },
    },
  };
}

/**
 * `@mantine/notifications/store`: the package's toast store without its container. The
 * console raises toasts through the store everywhere; only app/toasts.tsx draws them, in a
 * chunk loaded after the first paint. The package's index would bring the container along
 * into the first page's chunk, and its exports name no file of the store alone.
 */
const NOTIFICATIONS_STORE = fileURLToPath(
  new URL("notifications.store.mjs", import.meta.resolve("@mantine/notifications")),
);

const toServer: ProxyOptions = { target: SERVER, changeOrigin: false };

export default defineConfig({
  plugins: [react(), buildStamp(), preloadWithEntry(["mantine", "console"]), precompressBuild()],
  resolve: {
    alias: [{ find: /^@mantine\/notifications\/store$/, replacement: NOTIFICATIONS_STORE }],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        chunkFileNames: chunkFileName,
        codeSplitting: {
          groups: [
            { name: messagesChunk },
            // Every page needs these and they change far less often than the app: one chunk
            // that browsers keep cached across releases.
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/,
            },
            // Icons are a few hundred bytes each: one chunk of them all costs a request, not
            // one per icon a page shows.
            {
              name: "icons",
              test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/,
            },
            // What the entry imports statically loads before the first screen anyway: one
            // chunk, rather than dozens of small shared ones that compress worse apart.
            {
              name: "shell",
              tags: ["$initial"],
            },
            // The Mantine components pages share, but for those the device list and the layout
            // never show: one chunk instead of one per component.
            {
              name: "mantine",
              test: (id) => MANTINE.test(id) && !LATER_MANTINE.test(id),
            },
            // Those others, in a chunk of their own that the pages showing them fetch.
            { name: "mantine-more", test: LATER_MANTINE },
            { name: consoleFrame() },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": toServer,
      "/account": { ...toServer, bypass: servePagesLocally },
      "/healthz": toServer,
      "/socket.io": { ...toServer, ws: true },
    },
  },
  preview: {
    proxy: {
      "/api": toServer,
      "/account": { ...toServer, bypass: servePagesLocally },
      "/healthz": toServer,
    },
  },
});
