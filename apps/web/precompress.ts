import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

/**
 * Files browsers fetch as text, worth compressing. Images and fonts are compressed already;
 * source maps only reach developer tools.
 */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `<file>.br` (brotli at its best quality) and `<file>.gz` (gzip level 9) beside each
 * compressible file under `dir`: the server sends the one a browser accepts as it is
 * (apps/server/src/plugins/web.ts), so no request pays for compressing.
 */
export async function precompress(dir: string): Promise<void> {
  const names = await fs.readdir(dir, { recursive: true });
  await Promise.all(
    names
      .filter((name) => COMPRESSIBLE.test(name))
      .map(async (name) => {
        const file = path.join(dir, name);
        const source = await fs.readFile(file);
        const params = {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        };
        await fs.writeFile(`${file}.br`, await brotli(source, { params }));
        await fs.writeFile(
          `${file}.gz`,
          await gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
        );
      }),
  );
}

/** Compresses the build's files once they are written, public/ ones included. */
export function precompressBuild(): Plugin {
  return {
    name: "netfleet-precompress",
    apply: "build",
    async writeBundle({ dir }) {
      if (dir) await precompress(dir);
    },
  };
}
