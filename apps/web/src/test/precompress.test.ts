import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, expect, it } from "vitest";
import { precompress } from "../../precompress";

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it("writes brotli and gzip copies beside the text files a browser fetches, and beside nothing else", async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-precompress-"));
  const text = "const devices = [];\n".repeat(100);
  const files: Record<string, string | Buffer> = {
    "index.html": "<!doctype html><div id=root></div>",
    "version.json": '{"version":"5.15.0"}',
    "favicon.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
    "assets/index-AbCd1234.js": text,
    "assets/index-AbCd1234.js.map": '{"version":3}',
    "assets/index-AbCd1234.css": "body{margin:0}",
    "assets/logo-AbCd1234.png": Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  };
  fs.mkdirSync(path.join(dir, "assets"));
  for (const [name, content] of Object.entries(files))
    fs.writeFileSync(path.join(dir, name), content);

  await precompress(dir);

  const written = fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((n) => /\.(br|gz)$/.test(n));
  expect(written.sort()).toEqual(
    [
      "assets/index-AbCd1234.css.br",
      "assets/index-AbCd1234.css.gz",
      "assets/index-AbCd1234.js.br",
      "assets/index-AbCd1234.js.gz",
      "favicon.svg.br",
      "favicon.svg.gz",
      "index.html.br",
      "index.html.gz",
      "version.json.br",
      "version.json.gz",
    ].map((n) => path.normalize(n)),
  );
  const script = path.join(dir, "assets/index-AbCd1234.js");
  expect(zlib.brotliDecompressSync(fs.readFileSync(`${script}.br`)).toString()).toBe(text);
  expect(zlib.gunzipSync(fs.readFileSync(`${script}.gz`)).toString()).toBe(text);
  expect(fs.statSync(`${script}.br`).size).toBeLessThan(fs.statSync(`${script}.gz`).size);
});
