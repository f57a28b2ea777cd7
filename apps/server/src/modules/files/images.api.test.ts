import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, type Image } from "@netfleet/contracts/schemas/images";
import { signedInAgent, type TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { expectMatchesReference } from "../../test/reference-api";
import { MULTIPART_BOUNDARY, jpegHead, multipart, pngHead } from "../../test/uploads";

/** `/api/images`: JPEG and PNG per company, as their bytes say, within 5 MB and 2048 × 1080. */

let t: TestApp;
let company: TestCompany;
let sibling: TestCompany;
let admin: TestAgent;

beforeAll(async () => {
  t = await buildTestApp();
  const f = factories(t.database.db);
  const parent = await f.company({ name: "Images Parent" });
  company = await f.company({ name: "Images Home", parent });
  sibling = await f.company({ name: "Images Sibling", parent });
  admin = (await signedInAgent(t, { company, role: "admin" })).agent;
});
afterAll(() => t.close());

type ErrorBody = { errors: { code: string; source: string; message: string }[] };

function uploadImage(
  agent: TestAgent,
  content: Buffer,
  fields: Record<string, string> = {},
  name = "floor-plan.png",
) {
  return agent.post(
    "/api/images",
    multipart(
      { company_id: String(company.id), type: "device_dashboard", ...fields },
      { name, content },
      "image",
    ),
    { "content-type": `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` },
  );
}

const storedFiles = () => (fs.existsSync(t.env.FILES_DIR!) ? fs.readdirSync(t.env.FILES_DIR!) : []);

describe("/api/images", () => {
  it("uploads a PNG, lists it, serves its bytes, describes and deletes it", async () => {
    const png = Buffer.concat([pngHead(1107, 945), Buffer.alloc(2048, 3)]);
    const res = await uploadImage(admin, png, { description: "Rack 4" });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json<{ data: Image }>().data;
    expect(image).toMatchObject({
      company_id: company.id,
      name: "floor-plan.png",
      description: "Rack 4",
      type: "device_dashboard",
      size: png.length,
      original_width: 1107,
      original_height: 945,
    });

    const list = await admin.get("/api/images");
    expectMatchesReference("GET", "/api/images", 200, list.json());
    expect(list.json<{ data: Image[] }>().data.map((i) => i.id)).toContain(image.id);

    const bytes = await admin.get(`/api/images/${image.id}`);
    expect(bytes.headers["content-type"]).toBe("image/png");
    expect(bytes.rawPayload.equals(png)).toBe(true);

    const described = await admin.put(`/api/images/${image.id}`, { description: "Rack 5" });
    expect(described.json<{ data: Image }>().data.description).toBe("Rack 5");

    const before = storedFiles().length;
    expect((await admin.delete(`/api/images/${image.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/images/${image.id}`)).statusCode).toBe(404);
    expect(storedFiles().length).toBe(before - 1);
  });

  it("takes a JPEG by its bytes and refuses what is not JPEG or PNG, or too large, leaving nothing behind", async () => {
    const jpeg = await uploadImage(admin, jpegHead(800, 600), {}, "photo.jpg");
    expect(jpeg.statusCode, jpeg.body).toBe(201);
    expect(jpeg.json<{ data: Image }>().data).toMatchObject({
      original_width: 800,
      original_height: 600,
    });

    const before = storedFiles().length;
    const gif = await uploadImage(admin, Buffer.from("GIF89a" + "x".repeat(100)), {}, "logo.png");
    expect(gif.statusCode).toBe(422);
    expect(gif.json<ErrorBody>().errors[0]).toMatchObject({
      source: "image",
      message: IMAGE_MESSAGES.notImage,
    });

    const wide = await uploadImage(admin, pngHead(2049, 600));
    expect(wide.json<ErrorBody>().errors[0]!.message).toBe(IMAGE_MESSAGES.tooBig);

    const heavy = await uploadImage(
      admin,
      Buffer.concat([pngHead(10, 10), Buffer.alloc(IMAGE_MAX_BYTES)]),
    );
    expect(heavy.statusCode).toBe(413);
    expect(heavy.json<ErrorBody>().errors[0]!.message).toBe(IMAGE_MESSAGES.tooLarge);
    expect(storedFiles().length).toBe(before);
  });

  it("keeps images to the company tree and their changes to those who may upload", async () => {
    const { agent: stranger } = await signedInAgent(t, { company: sibling, role: "admin" });
    const ours = (await uploadImage(admin, pngHead(10, 10))).json<{ data: Image }>().data;
    expect((await stranger.get(`/api/images/${ours.id}`)).statusCode).toBe(404);
    expect((await stranger.delete(`/api/images/${ours.id}`)).statusCode).toBe(404);
    expect(
      (await stranger.get("/api/images?limit=100")).json<{ data: Image[] }>().data.map((i) => i.id),
    ).not.toContain(ours.id);
    const intoOurs = await uploadImage(stranger, pngHead(10, 10));
    expect(intoOurs.json<ErrorBody>().errors[0]).toMatchObject({ source: "company_id" });

    const { agent: guest } = await signedInAgent(t, { company, role: "read_only" });
    const { agent: advancedGuest } = await signedInAgent(t, { company, role: "readonly_admin" });
    expect((await advancedGuest.get("/api/images")).statusCode).toBe(200);
    expect((await advancedGuest.delete(`/api/images/${ours.id}`)).statusCode).toBe(403);
    expect((await uploadImage(guest, pngHead(10, 10))).statusCode).toBe(403);
  });
});
