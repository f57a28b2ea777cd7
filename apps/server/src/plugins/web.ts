import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import fastifyStatic from "@fastify/static";
import { notFoundEnvelope } from "./errors";

/**
 * Serves the built console and answers unknown routes. A browser page load of any path
 * that is not an API path gets index.html (the console routes on the client); API paths
 * and other methods get a 404 envelope.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { distDir: string }) => {
    const indexPath = path.join(opts.distDir, "index.html");
    const built = fs.existsSync(indexPath);
    if (built) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        cacheControl: false,
        // The build writes a .br and a .gz beside each text file (apps/web/precompress.ts):
        // the one the browser accepts goes out as it is, else the file itself. sendFile, the
        // console pages' index.html below, is served the same way.
        preCompressed: true,
        setHeaders(res, filePath) {
          // Vite names assets by content hash, so they never change under one URL.
          res.setHeader(
            "cache-control",
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? "public, max-age=31536000, immutable"
              : "no-cache",
          );
          // The answer depends on Accept-Encoding, which @fastify/static 9.3 does not say.
          res.setHeader("vary", "accept-encoding");
        },
      });
    } else {
      app.log.warn(
        { distDir: opts.distDir },
        "the console is not built; pages will not load (npm run build)",
      );
    }

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const isPage =
        (request.method === "GET" || request.method === "HEAD") &&
        !isApiPath(request.url) &&
        request.url !== "/metrics";
      if (!isPage) return reply.status(404).send(notFoundEnvelope(request));
      if (!built) {
        return reply
          .status(503)
          .type("text/plain; charset=utf-8")
          .send(
            "The console has not been built yet. Run `npm run build`, or start it with `npm start`.",
          );
      }
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    });
  },
  { name: "web", dependencies: ["errors"] },
);

function isApiPath(url: string): boolean {
  return (
    url === "/api" ||
    url.startsWith("/api/") ||
    url.startsWith("/api?") ||
    url.startsWith("/socket.io")
  );
}
