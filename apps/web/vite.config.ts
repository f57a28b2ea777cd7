import type { IncomingMessage } from "node:http";
import { defineConfig, type ProxyOptions } from "vite";
import react from "@vitejs/plugin-react";

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

const toServer: ProxyOptions = { target: SERVER, changeOrigin: false };

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every page needs these and they change far less often than the app: one chunk
            // that browsers keep cached across releases.
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|axios)[\\/]/,
            },
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
