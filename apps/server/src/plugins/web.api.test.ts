import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/build-test-app";

const SCRIPT = `export const greeting = ${JSON.stringify("hello ".repeat(200))};\n`;
const PAGE = `<!doctype html><html><body>${"<div id=root></div>".repeat(50)}</body></html>`;

let t: TestApp;
let distDir: string;

/** A built console in miniature: index.html and one hashed script, each with its .br and .gz. */
function writeDist(dir: string) {
  fs.mkdirSync(path.join(dir, "assets"));
  for (const [name, text] of [
    ["index.html", PAGE],
    ["assets/main-AbCd1234.js", SCRIPT],
  ] as const) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  }
}

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-dist-"));
  writeDist(distDir);
  t = await buildTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({
    method: "GET",
    url,
    headers: { accept: "text/html,*/*", ...(encoding ? { "accept-encoding": encoding } : {}) },
  });

describe("the built console's files", () => {
  it("are sent brotli-compressed to a browser that accepts br, as stored at build time", async () => {
    const res = await get("/assets/main-AbCd1234.js", "gzip, deflate, br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toContain("javascript");
    expect(res.headers.vary).toContain("accept-encoding");
    expect(res.rawPayload).toEqual(
      fs.readFileSync(path.join(distDir, "assets/main-AbCd1234.js.br")),
    );
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it("are sent gzip-compressed to a browser that accepts only gzip", async () => {
    const res = await get("/assets/main-AbCd1234.js", "gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it("are sent as they are without an Accept-Encoding", async () => {
    const res = await get("/assets/main-AbCd1234.js");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it("are cached for a year when hashed, and index.html never without asking again", async () => {
    const asset = await get("/assets/main-AbCd1234.js", "br");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const index = await get("/index.html", "br");
    expect(index.headers["cache-control"]).toBe("no-cache");
    expect(index.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(index.rawPayload).toString()).toBe(PAGE);
  });

  it("answers a console page with index.html, compressed when asked", async () => {
    const res = await get("/management/devices", "gzip");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(PAGE);
  });
});
