import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { Readable } from "node:stream";
import v8 from "node:v8";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WIRE } from "@netfleet/contracts/constants";
import { FILE_MAX_BYTES, FILE_MESSAGES } from "@netfleet/contracts/schemas/files";
import { VALIDATION_MESSAGES } from "@netfleet/contracts/validation-messages";
import { signedInAgent, type TestAgent } from "../../test/agent";
import type { TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { expectMatchesReference } from "../../test/reference-api";
import { MULTIPART_BOUNDARY, upload } from "../../test/uploads";
import { listeningApp } from "../devices/devices-test-kit";

let t: TestApp;
let url: string;
let f: ReturnType<typeof factories>;
let company: TestCompany;
let sibling: TestCompany;
let admin: TestAgent;

type ErrorBody = { errors: { code: string; source: string; message: string }[] };

beforeAll(async () => {
  ({ t, url } = await listeningApp());
  f = factories(t.database.db);
  const parent = await f.company({ name: "Files Parent" });
  company = await f.company({ name: "Files Home", parent });
  sibling = await f.company({ name: "Files Sibling", parent });
  admin = (await signedInAgent(t, { company, role: "admin" })).agent;
});

type Uploaded = { meta: { id: number }; data: { id: number; checksum: string } };

const storedFiles = () => fs.readdirSync(t.env.FILES_DIR!);
afterAll(() => t.close());

describe("GET /api/files", () => {
  it("FM-CALL-022 SH-SEARCH-028 accepts type firmware or config and answers the list envelope", async () => {
    for (const type of ["firmware", "config"]) {
      const res = await admin.get(
        `/api/files?type=${type}&q=nothing-by-this-name&limit=10&search-fields=name,version`,
      );
      expect(res.statusCode, type).toBe(200);
      expect(res.json(), type).toEqual({ success: true, data: [], meta: { total: 0 } });
      expectMatchesReference("GET", "/api/files", 200, res.json());
    }
  });

  it("checks its query as the other lists do", async () => {
    const cases = [
      ["type=image", "type"],
      ["limit=abc", "limit"],
      ["search-fields=email", "search-fields"],
      ["type=image", "type"],
      ["sort=owner", "sort"],
    ] as const;
    for (const [query, source] of cases) {
      const res = await admin.get(`/api/files?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json<ErrorBody>().errors[0]?.source, query).toBe(source);
    }
  });

  it("refuses roles without view_files", async () => {
    expect(
      (await (await signedInAgent(t, { company, role: "end_user" })).agent.get("/api/files"))
        .statusCode,
    ).toBe(200);
    const res = await (
      await signedInAgent(t, { company, role: "read_only" })
    ).agent.get("/api/files");
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().errors[0]?.code).toBe("FORBIDDEN");
  });
});

describe("uploading, reading and deleting files", () => {
  it("stores an upload with its checksum, lists it, downloads the same bytes alone or zipped, and deletes it", async () => {
    const content = Buffer.from("RUTX firmware image\n".repeat(1000));
    const sha256 = createHash("sha256").update(content).digest("hex");
    const res = await upload(
      admin,
      { type: "firmware", description: "Spring release", device_model: "RUTX11", version: "7.6" },
      { name: "RUTX_R_00.07.06.bin", content },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Uploaded>();
    expectMatchesReference("POST", "/api/files", 200, body);
    expect(body.data).toMatchObject({ checksum: sha256, file_size: content.length });

    const list = await admin.get("/api/files?type=firmware");
    expectMatchesReference("GET", "/api/files", 200, list.json());
    expect(list.json()).toMatchObject({
      data: [
        {
          id: body.meta.id,
          name: "RUTX_R_00.07.06.bin",
          type: "firmware",
          description: "Spring release",
          version: "7.6",
          device_model: "RUTX11",
          company_id: company.id,
          company_name: "Files Home",
          checksum: sha256,
        },
      ],
      meta: { total: 1 },
    });
    expect((await admin.get("/api/files?type=config")).json()).toMatchObject({
      meta: { total: 0 },
    });

    const download = await admin.get(`/api/files/${body.meta.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toContain('filename="RUTX_R_00.07.06.bin"');
    expect(download.rawPayload.equals(content)).toBe(true);

    const zip = await admin.post("/api/files/download/zip", { files: [body.meta.id] });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe("PK");
    // Stored, not compressed: the file's bytes are in the archive as they are.
    expect(zip.rawPayload.includes(content)).toBe(true);

    expect(
      (await admin.put(`/api/files/${body.meta.id}`, { description: "Pulled" })).statusCode,
    ).toBe(200);
    expect((await admin.get(`/api/files/${body.meta.id}`)).json()).toMatchObject({
      data: { description: "Pulled" },
    });

    expect(storedFiles()).toHaveLength(1);
    expect((await admin.delete(`/api/files/${body.meta.id}`)).statusCode).toBe(200);
    expect(storedFiles()).toHaveLength(0);
    expect((await admin.get(`/api/files/${body.meta.id}`)).statusCode).toBe(404);
  });

  it("refuses a name with forbidden symbols, a missing file and a second file of one name, keeping nothing", async () => {
    const content = Buffer.from("config");
    const badName = await upload(admin, { type: "config" }, { name: "my backup?.tar", content });
    expect(badName.statusCode).toBe(422);
    expect(badName.json()).toMatchObject({
      errors: [{ source: "file", message: VALIDATION_MESSAGES.fileName }],
    });
    const noFile = await upload(admin, { type: "config" });
    expect(noFile.json()).toMatchObject({
      errors: [{ source: "file", message: FILE_MESSAGES.noFile }],
    });
    const badType = await upload(admin, { type: "image" }, { name: "a.bin", content });
    expect(badType.statusCode).toBe(422);
    expect(badType.json()).toMatchObject({ errors: [{ source: "type" }] });
    expect(storedFiles()).toHaveLength(0);

    expect(
      (await upload(admin, { type: "config" }, { name: "site.tar", content })).statusCode,
    ).toBe(200);
    const again = await upload(admin, { type: "config" }, { name: "site.tar", content });
    expect(again.statusCode).toBe(409);
    expect(storedFiles()).toHaveLength(1);
  });

  it("keeps a company's files from other branches, and global firmware for holders of the global permission", async () => {
    const content = Buffer.from("image");
    const own = (
      await upload(admin, { type: "firmware" }, { name: "own.bin", content })
    ).json<Uploaded>();
    const { agent: siblingAdmin } = await signedInAgent(t, { company: sibling, role: "admin" });
    expect((await siblingAdmin.get(`/api/files/${own.meta.id}`)).statusCode).toBe(404);
    expect((await siblingAdmin.get(`/api/files/${own.meta.id}/download`)).statusCode).toBe(404);
    expect((await siblingAdmin.delete(`/api/files/${own.meta.id}`)).statusCode).toBe(404);
    expect(
      (
        await upload(
          admin,
          { type: "firmware", company_id: String(sibling.id) },
          { name: "x.bin", content },
        )
      ).statusCode,
    ).toBe(422);

    const refused = await upload(
      admin,
      { type: "firmware", company_id: "global" },
      { name: "g.bin", content },
    );
    expect(refused.statusCode).toBe(403);
    const { agent: superAdmin } = await signedInAgent(t, { company, role: "super_admin" });
    const global = await upload(
      superAdmin,
      { type: "firmware", company_id: "global" },
      { name: "g.bin", content },
    );
    expect(global.statusCode, global.body).toBe(200);
    const id = global.json<Uploaded>().meta.id;
    // Every company sees it; only the global permission changes it.
    expect((await siblingAdmin.get(`/api/files/${id}`)).json()).toMatchObject({
      data: { company_id: null, company_name: null },
    });
    // The global ones alone, or one company's alone.
    const globalOnly = await siblingAdmin.get("/api/files?company_id=global&limit=100");
    expect(globalOnly.json<{ data: { id: number }[] }>().data.map((f) => f.id)).toEqual([id]);
    const ownOnly = await admin.get(`/api/files?company_id=${company.id}&limit=100`);
    const ownIds = ownOnly.json<{ data: { id: number }[] }>().data.map((f) => f.id);
    expect(ownIds).toContain(own.meta.id);
    expect(ownIds).not.toContain(id);
    expect((await siblingAdmin.delete(`/api/files/${id}`)).statusCode).toBe(403);
    expect((await superAdmin.delete(`/api/files/${id}`)).statusCode).toBe(200);

    const { agent: guest } = await signedInAgent(t, { company, role: "read_only" });
    expect((await upload(guest, { type: "config" }, { name: "g.tar", content })).statusCode).toBe(
      403,
    );
  });

  it("refuses 80 MB + 1 byte with 413 as it streams in, without holding the file in memory", async () => {
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const retained = () => {
      gc();
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const before = storedFiles().length;
    const size = FILE_MAX_BYTES + 1;
    const chunk = Buffer.alloc(64 * 1024, 7);
    const checkAt = 60 * 1024 * 1024;
    const baseline = retained();
    let midway: number | undefined;
    async function* body() {
      yield Buffer.from(
        `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\nfirmware\r\n` +
          `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="huge.bin"\r\n\r\n`,
      );
      for (let sent = 0; sent < size; sent += chunk.length) {
        if (midway === undefined && sent >= checkAt) {
          // 60 MB are in: a server holding the upload would hold them now. The least of a
          // few readings, so that garbage made meanwhile does not count.
          const readings = [];
          for (let i = 0; i < 3; i++) {
            await new Promise((resolve) => setTimeout(resolve, 200));
            readings.push(retained() - baseline);
          }
          midway = Math.min(...readings);
        }
        yield sent + chunk.length <= size ? chunk : chunk.subarray(0, size - sent);
      }
      yield Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`);
    }
    const cookies = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(`${url}/api/files`, {
        method: "POST",
        headers: {
          "content-type": `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
          cookie: cookies,
          [WIRE.xsrfHeader]: admin.cookies.get(WIRE.xsrfCookie)!,
        },
      });
      request.on("response", (res) => {
        let text = "";
        res.on("data", (d: Buffer) => (text += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, text }));
      });
      // The server may answer and close before the whole body is sent.
      request.on("error", (err) => (midway === undefined ? reject(err) : undefined));
      Readable.from(body()).pipe(request);
    });
    expect(answer.status, answer.text).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({
      success: false,
      errors: [{ code: "PAYLOAD_TOO_LARGE", message: FILE_MESSAGES.tooLarge, source: "file" }],
    });
    expect(midway).toBeDefined();
    expect(midway!).toBeLessThan(32 * 1024 * 1024);
    expect(storedFiles()).toHaveLength(before);
  });
});
