import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { type Env, resolveDataDir, resolveFilesDir } from "../../env";
import { type FileStore, fileStore } from "./file-store";
import { s3Store } from "./s3-store";

/** The store the configuration names: the bucket of FILES_S3_URL, or else the directory. */
export function fileStoreFor(env: Env, log?: FastifyBaseLogger): FileStore {
  if (!env.FILES_S3_URL) return fileStore(resolveFilesDir(env));
  return s3Store({
    url: env.FILES_S3_URL,
    credentials: {
      region: env.FILES_S3_REGION,
      accessKeyId: env.FILES_S3_ACCESS_KEY_ID!,
      secretAccessKey: env.FILES_S3_SECRET_ACCESS_KEY!,
    },
    spool: fileStore(path.join(resolveDataDir(env), "tmp-uploads")),
    log,
  });
}
