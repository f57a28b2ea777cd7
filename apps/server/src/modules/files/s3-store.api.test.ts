import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from "@netfleet/contracts/schemas/images";
import { parseEnv } from "../../env";
import { signedInAgent, type TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { ServerProcess, freePort } from "../../test/server-process";
import { MULTIPART_BOUNDARY, multipart, pngHead, upload } from "../../test/uploads";
import { fileStoreFor } from "./file-store-for";
import { signV4 } from "./s3-signature";
import { STORE_UNREACHABLE } from "./s3-store";

/**
 * Files kept in an S3-compatible bucket (FILES_S3_URL): s3rver, on a loopback port, with
 * its default account. s3rver checks that a signed request names a known access key but
 * not its signature, and serves unsigned requests too; so the app talks to it through a
 * front that does what S3 does, computing each signature again from the request as it
 * arrived and refusing a mismatch. The test itself reads the bucket from s3rver directly.
 */

interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  callback(): http.RequestListener;
}
const S3rver = createRequire(import.meta.url)("s3rver") as new (options: object) => S3rver;

const BUCKET = "netfleet-files";
/** s3rver's default account. */
const KEY_ID = "S3RVER";
const SECRET = "S3RVER";

const temp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `netfleet-${name}-`));
const s3Dir = temp("s3rver");
const dataDir = temp("s3-data");
const wrongDataDir = temp("s3-wrong");

let s3: S3rver;
let front: http.Server;
/** The bucket as s3rver serves it, for the test's own reads. */
let direct: string;
/** The bucket through the verifying front: FILES_S3_URL. */
let bucketUrl: string;
let t: TestApp;
let company: TestCompany;
let admin: TestAgent;

/** The requests the front received, with its answer. */
const seen: {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  status?: number;
}[] = [];

/** Whether a request carries the signature the bucket's secret gives it as it arrived. */
function signedWithTheSecret(req: http.IncomingMessage): boolean {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=S3RVER\/\d{8}\/([\w-]+)\/s3\/aws4_request, SignedHeaders=([\w;-]+), Signature=[0-9a-f]{64}$/.exec(
      req.headers.authorization ?? "",
    );
  const amzDate = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(
    String(req.headers["x-amz-date"]),
  );
  if (!auth || !amzDate) return false;
  const [, year, month, day, hour, minute, second] = amzDate;
  const ownHeaders = ["host", "x-amz-date", "x-amz-content-sha256"];
  const headers = Object.fromEntries(
    auth[2]!
      .split(";")
      .filter((name) => !ownHeaders.includes(name))
      .map((name) => [name, String(req.headers[name])]),
  );
  const expected = signV4(
    {
      method: req.method!,
      url: new URL(req.url!, `http://${req.headers.host}`),
      payloadHash: String(req.headers["x-amz-content-sha256"]),
      headers,
    },
    { region: auth[1]!, accessKeyId: KEY_ID, secretAccessKey: SECRET },
    new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`),
  );
  return expected.authorization === req.headers.authorization;
}

const listen = (server: http.Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

/** The keys in the bucket. */
async function objects(): Promise<string[]> {
  const xml = await (await fetch(direct)).text();
  return [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!);
}

async function objectBytes(key: string): Promise<Buffer> {
  const res = await fetch(`${direct}/${key}`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** Uploads waiting in the spool (DATA_DIR/tmp-uploads). */
const spooled = (dir = dataDir) => {
  const spool = path.join(dir, "tmp-uploads");
  return fs.existsSync(spool) ? fs.readdirSync(spool) : [];
};

const s3Env = (secret: string, data: string) => ({
  DATA_DIR: data,
  FILES_S3_URL: bucketUrl,
  FILES_S3_ACCESS_KEY_ID: KEY_ID,
  FILES_S3_SECRET_ACCESS_KEY: secret,
});

/** Uploads a file and answers its id and the object key it went to. */
async function uploadFile(agent: TestAgent, name: string, content: Buffer) {
  const before = new Set(await objects());
  const res = await upload(agent, { type: "firmware" }, { name, content });
  expect(res.statusCode, res.body).toBe(200);
  const added = (await objects()).filter((key) => !before.has(key));
  expect(added).toHaveLength(1);
  return { id: res.json<{ meta: { id: number } }>().meta.id, key: added[0]! };
}

function uploadImage(agent: TestAgent, content: Buffer) {
  return agent.post(
    "/api/images",
    multipart(
      { company_id: String(company.id), type: "device_dashboard" },
      { name: "floor-plan.png", content },
      "image",
    ),
    { "content-type": `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` },
  );
}

const storeError = {
  success: false,
  errors: [{ code: "SERVICE_UNAVAILABLE", message: STORE_UNREACHABLE, source: null }],
};

beforeAll(async () => {
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  direct = `http://127.0.0.1:${(await s3.run()).port}/${BUCKET}`;
  const handle = s3.callback();
  front = http.createServer((req, res) => {
    const entry: (typeof seen)[number] = {
      method: req.method!,
      url: req.url!,
      headers: req.headers,
    };
    seen.push(entry);
    res.once("finish", () => (entry.status = res.statusCode));
    if (signedWithTheSecret(req)) return void handle(req, res);
    req.resume();
    res
      .writeHead(403, { "content-type": "application/xml" })
      .end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
  });
  bucketUrl = `${await listen(front)}/${BUCKET}`;

  t = await buildTestApp(s3Env(SECRET, dataDir));
  company = await factories(t.database.db).company({ name: "Bucket Home" });
  admin = (await signedInAgent(t, { company, role: "admin" })).agent;
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => front?.close(resolve));
  await s3?.close();
  for (const dir of [s3Dir, dataDir, wrongDataDir])
    fs.rmSync(dir, { recursive: true, force: true });
});

describe("files in an S3-compatible bucket", () => {
  it("puts an upload in the bucket with its real SHA-256 signed, and nothing in FILES_DIR or the spool", async () => {
    const content = randomBytes(300_000);
    const sha256 = createHash("sha256").update(content).digest("hex");
    const from = seen.length;
    const { id, key } = await uploadFile(admin, "RUTX_R_00.07.07.bin", content);

    expect((await objectBytes(key)).equals(content)).toBe(true);
    expect((await admin.get(`/api/files/${id}`)).json()).toMatchObject({
      data: { checksum: sha256, file_size: content.length },
    });
    const puts = seen.slice(from).filter((r) => r.method === "PUT");
    expect(puts).toMatchObject([{ url: `/${BUCKET}/${key}`, status: 200 }]);
    expect(puts[0]!.headers).toMatchObject({
      "x-amz-content-sha256": sha256,
      "content-length": String(content.length),
    });
    expect(fs.readdirSync(t.env.FILES_DIR!)).toEqual([]);
    expect(spooled()).toEqual([]);
  });

  it("downloads the bytes from the bucket, alone and two in a ZIP", async () => {
    const first = Buffer.from("first firmware\n".repeat(2000));
    const second = Buffer.from("second firmware\n".repeat(3000));
    const a = await uploadFile(admin, "first.bin", first);
    const b = await uploadFile(admin, "second.bin", second);

    const download = await admin.get(`/api/files/${a.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(first)).toBe(true);

    const zip = await admin.post("/api/files/download/zip", { files: [a.id, b.id] });
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe("PK");
    // Stored, not compressed: each file's bytes stand in the archive as they are.
    expect(zip.rawPayload.includes(first)).toBe(true);
    expect(zip.rawPayload.includes(second)).toBe(true);
  });

  it("asks the bucket for an object only once its stream is read", async () => {
    const content = Buffer.from("read me later");
    const { key } = await uploadFile(admin, "later.bin", content);
    const from = seen.length;
    const stream = fileStoreFor(t.env).open(key);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.length).toBe(from);
    expect(Buffer.concat(await stream.toArray()).equals(content)).toBe(true);
    expect(seen.slice(from)).toMatchObject([{ method: "GET", url: `/${BUCKET}/${key}` }]);
  });

  it("checks an image by its first bytes from the bucket, serves it back and deletes it", async () => {
    const png = Buffer.concat([pngHead(800, 600), randomBytes(4096)]);
    const from = seen.length;
    const before = new Set(await objects());
    const res = await uploadImage(admin, png);
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json<{ data: { id: number } }>().data;
    expect(res.json()).toMatchObject({ data: { original_width: 800, original_height: 600 } });
    const [key] = (await objects()).filter((k) => !before.has(k));
    expect(seen.slice(from).find((r) => r.method === "GET")).toMatchObject({
      url: `/${BUCKET}/${key}`,
      headers: { range: "bytes=0-262143" },
      status: 206,
    });

    const served = await admin.get(`/api/images/${image.id}`);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(png)).toBe(true);

    expect((await admin.delete(`/api/images/${image.id}`)).statusCode).toBe(200);
    expect(await objects()).not.toContain(key);
  });

  it("deletes a file's object with the file, and a file whose object is gone already", async () => {
    const a = await uploadFile(admin, "doomed.bin", Buffer.from("doomed"));
    expect((await admin.delete(`/api/files/${a.id}`)).statusCode).toBe(200);
    expect(await objects()).not.toContain(a.key);

    const b = await uploadFile(admin, "vanished.bin", Buffer.from("vanished"));
    await fetch(`${direct}/${b.key}`, { method: "DELETE" });
    expect((await admin.delete(`/api/files/${b.id}`)).statusCode).toBe(200);
  });

  it("answers the store error, not the first bytes of a file, when its object is missing", async () => {
    const { id, key } = await uploadFile(admin, "missing.bin", Buffer.from("soon missing"));
    await fetch(`${direct}/${key}`, { method: "DELETE" });
    const res = await admin.get(`/api/files/${id}/download`);
    expect(res.statusCode).toBe(503);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["content-disposition"]).toBeUndefined();
    expect(res.json()).toEqual(storeError);
  });

  it("ends a ZIP whose file the store cannot give, not the server", async () => {
    const a = await uploadFile(admin, "zip-a.bin", Buffer.from("zip a"));
    const b = await uploadFile(admin, "zip-b.bin", Buffer.from("zip b"));
    await fetch(`${direct}/${b.key}`, { method: "DELETE" });
    // The archive has started: the connection is all there is left to end.
    await expect(admin.post("/api/files/download/zip", { files: [a.id, b.id] })).rejects.toThrow(
      "response destroyed before completion",
    );
    expect((await admin.get(`/api/files/${a.id}/download`)).body).toBe("zip a");
  });

  it("refuses an upload past its limit with 413, sending nothing to the bucket and leaving nothing in the spool", async () => {
    const before = await objects();
    const from = seen.length;
    const res = await uploadImage(
      admin,
      Buffer.concat([pngHead(800, 600), Buffer.alloc(IMAGE_MAX_BYTES)]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      errors: [{ code: "PAYLOAD_TOO_LARGE", message: IMAGE_MESSAGES.tooLarge, source: "image" }],
    });
    expect(seen.slice(from).filter((r) => r.method === "PUT")).toEqual([]);
    expect(await objects()).toEqual(before);
    expect(spooled()).toEqual([]);
  });

  it("answers a bucket that refuses the signature (a wrong secret) in the error envelope, leaving nothing", async () => {
    const wrong = await buildTestApp(s3Env("not-the-secret", wrongDataDir));
    try {
      const home = await factories(wrong.database.db).company({ name: "Wrong Secret" });
      const { agent } = await signedInAgent(wrong, { company: home, role: "admin" });
      const before = await objects();
      const from = seen.length;
      const res = await upload(
        agent,
        { type: "firmware" },
        { name: "refused.bin", content: Buffer.from("refused") },
      );
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(storeError);
      expect(seen.slice(from).find((r) => r.method === "PUT")?.status).toBe(403);
      expect(await objects()).toEqual(before);
      expect(spooled(wrongDataDir)).toEqual([]);
      expect((await agent.get("/api/files")).json()).toMatchObject({ meta: { total: 0 } });
    } finally {
      await wrong.close();
    }
  });

  it("answers a bucket that cannot be reached as the store error, leaving no temp file", async () => {
    const store = fileStoreFor(
      parseEnv({
        ...s3Env(SECRET, dataDir),
        FILES_S3_URL: `http://127.0.0.1:${await freePort()}/${BUCKET}`,
      }),
    );
    const unreachable = { code: "SERVICE_UNAVAILABLE", status: 503, message: STORE_UNREACHABLE };
    await expect(store.save(Readable.from([Buffer.from("firmware")]))).rejects.toMatchObject(
      unreachable,
    );
    expect(spooled()).toEqual([]);
    await expect(store.open(randomUUID()).toArray()).rejects.toMatchObject(unreachable);
  });
});

describe("FILES_S3_* configuration", () => {
  it("needs both keys with FILES_S3_URL, and a plain bucket URL", () => {
    expect(() => parseEnv({ FILES_S3_URL: "http://127.0.0.1:9000/netfleet" })).toThrow(
      "Invalid configuration:\n" +
        "  FILES_S3_ACCESS_KEY_ID: needed with FILES_S3_URL\n" +
        "  FILES_S3_SECRET_ACCESS_KEY: needed with FILES_S3_URL",
    );
    expect(() =>
      parseEnv({ ...s3Env(SECRET, dataDir), FILES_S3_URL: "http://127.0.0.1:9000/b?x=1" }),
    ).toThrow("FILES_S3_URL: must be the bucket's URL, without ?query or #fragment");
    expect(parseEnv(s3Env(SECRET, dataDir)).FILES_S3_REGION).toBe("us-east-1");
  });

  it("stops start-up with one line naming the missing key, and no stack trace", async () => {
    const server = new ServerProcess(await freePort(), {
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      FILES_S3_URL: "http://127.0.0.1:9000/netfleet",
      FILES_S3_ACCESS_KEY_ID: KEY_ID,
    });
    const { code, output } = await server.exit();
    expect(code).toBe(1);
    expect(output).toContain(
      "Netfleet failed to start: Invalid configuration:\n" +
        "  FILES_S3_SECRET_ACCESS_KEY: needed with FILES_S3_URL\n",
    );
    expect(output).not.toMatch(/\n\s+at /);
  }, 60_000);
});
