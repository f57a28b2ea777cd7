import { JSDOM } from "jsdom";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hasPermission } from "@netfleet/contracts/permissions";
import { FIXED_ROLE_LIST, type FixedRoleName } from "@netfleet/contracts/roles";
import {
  NOTICE_HTML,
  type ManagedNotice,
  type Notice,
  type NoticeInput,
} from "@netfleet/contracts/schemas/notices";
import { XSS_CORPUS } from "@netfleet/contracts/xss-corpus";
import { notices } from "../../db/schema";
import { signedInAgent, TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories } from "../../test/factories";

let t: TestApp;
const agents = new Map<FixedRoleName, TestAgent>();
let adminEmail: string;

const HOUR_MS = 3_600_000;
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR_MS).toISOString();

type ListBody<T> = { data: T[]; meta: { total: number } };
type DataBody<T> = { data: T; message?: string };
type ErrorBody = { errors: { code: string; message: string; source: string | null }[] };

const firstError = (body: string) => JSON.parse(body) as ErrorBody;

function agent(role: FixedRoleName): TestAgent {
  return agents.get(role)!;
}

function input(overrides: Partial<NoticeInput> = {}): NoticeInput {
  return {
    type: "info",
    message: "Planned maintenance tonight",
    enabled_at: hoursFromNow(-1),
    ...overrides,
  };
}

async function publish(overrides: Partial<NoticeInput> = {}): Promise<ManagedNotice> {
  const res = await agent("super_admin").post("/api/admin/notices", input(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DataBody<ManagedNotice>>().data;
}

async function inForce(query = ""): Promise<ListBody<Notice>> {
  const res = await agent("end_user").get(`/api/notices${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListBody<Notice>>();
}

beforeAll(async () => {
  t = await buildTestApp();
  const f = factories(t.database.db);
  const company = await f.company();
  for (const role of FIXED_ROLE_LIST) {
    const { user, agent: signedIn } = await signedInAgent(t, { company, role: role.name });
    if (role.name === "super_admin") adminEmail = user.email;
    agents.set(role.name, signedIn);
  }
});
afterAll(() => t.close());
// Notices are installation-wide: each test starts with none.
beforeEach(async () => {
  await t.database.db.delete(notices);
});

describe("GET /api/notices", () => {
  it("SH-HTTP-026 SH-NOTIF-010 lists notices in force with id, type, message and enabled_at, newest first", async () => {
    const older = await publish({ message: "older", enabled_at: hoursFromNow(-48) });
    const newest = await publish({
      type: "critical",
      message: "newest",
      enabled_at: hoursFromNow(-1),
    });
    const middle = await publish({
      type: "warning",
      message: "middle",
      enabled_at: hoursFromNow(-24),
    });

    const body = await inForce();
    expect(body.data.map((n) => n.id)).toEqual([newest.id, middle.id, older.id]);
    expect(body.meta.total).toBe(3);
    expect(body.data[0]).toEqual({
      id: newest.id,
      type: "critical",
      message: "newest",
      enabled_at: newest.enabled_at,
    });
    expect(Object.keys(body.data[1]!).sort()).toEqual(["enabled_at", "id", "message", "type"]);
  });

  it("leaves a scheduled notice out until its enabled_at has passed", async () => {
    const shown = await publish({ message: "shown" });
    const scheduled = await publish({ message: "later", enabled_at: hoursFromNow(2) });
    expect((await inForce()).data.map((n) => n.id)).toEqual([shown.id]);

    // Moving its time into the past is what the passing of time would do.
    const moved = await agent("super_admin").put(
      `/api/admin/notices/${scheduled.id}`,
      input({ message: "later", enabled_at: hoursFromNow(-0.5) }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await inForce()).data.map((n) => n.id)).toEqual([scheduled.id, shown.id]);
  });

  it("pages ten at a time by default and at most a hundred", async () => {
    for (let i = 0; i < 12; i++)
      await publish({ message: `n${i}`, enabled_at: hoursFromNow(-i - 1) });
    const first = await inForce();
    expect(first.data).toHaveLength(10);
    expect(first.meta.total).toBe(12);
    expect((await inForce("?offset=10")).data.map((n) => n.message)).toEqual(["n10", "n11"]);
    expect((await inForce("?limit=100")).data).toHaveLength(12);
    const tooMany = await agent("end_user").get("/api/notices?limit=101");
    expect(tooMany.statusCode).toBe(422);
    expect(firstError(tooMany.body).errors[0]?.source).toBe("limit");
  });

  it("serves every signed-in role, and nobody signed out", async () => {
    await publish();
    for (const role of FIXED_ROLE_LIST) {
      const res = await agent(role.name).get("/api/notices");
      expect(res.statusCode, role.name).toBe(200);
      expect(res.json<ListBody<Notice>>().meta.total, role.name).toBe(1);
    }
    expect((await new TestAgent(t.app).get("/api/notices")).statusCode).toBe(401);
  });
});

describe("managing notices", () => {
  it("is for holders of admin_view_notice only, which of the fixed roles is super_admin", async () => {
    const managers = FIXED_ROLE_LIST.filter((r) =>
      hasPermission(r.permissions, "admin_view_notice"),
    );
    expect(managers.map((r) => r.name)).toEqual(["super_admin"]);

    const notice = await publish();
    for (const role of FIXED_ROLE_LIST) {
      if (role.name === "super_admin") continue;
      const a = agent(role.name);
      const answers = [
        await a.get("/api/admin/notices"),
        await a.post("/api/admin/notices", input()),
        await a.put(`/api/admin/notices/${notice.id}`, input({ message: "changed" })),
        await a.delete(`/api/admin/notices/${notice.id}`),
      ];
      for (const res of answers) {
        expect(res.statusCode, `${role.name} ${res.body}`).toBe(403);
        expect(firstError(res.body).errors[0]?.code).toBe("FORBIDDEN");
      }
    }
    // Nothing changed behind the refusals.
    const list = (await agent("super_admin").get("/api/admin/notices")).json<
      ListBody<ManagedNotice>
    >();
    expect(list.data.map((n) => [n.id, n.message])).toEqual([[notice.id, notice.message]]);
  });

  it("needs system:read to list and system:write to change with an access token", async () => {
    const admin = agent("super_admin");
    const token = async (scopes: string[]) =>
      (await admin.post("/account/tokens", { name: scopes.join(" "), scopes })).json<
        DataBody<{ token: string }>
      >().data.token;
    const read = { authorization: `Bearer ${await token(["system:read"])}` };
    const write = { authorization: `Bearer ${await token(["system:write"])}` };
    const bearer = new TestAgent(t.app);

    expect((await bearer.get("/api/admin/notices", read)).statusCode).toBe(200);
    const refused = await bearer.post("/api/admin/notices", input(), read);
    expect(refused.statusCode).toBe(403);
    expect(firstError(refused.body).errors[0]?.code).toBe("INSUFFICIENT_SCOPE");
    expect((await bearer.post("/api/admin/notices", input(), write)).statusCode).toBe(201);
    // The console's header call is for browser sessions.
    expect((await bearer.get("/api/notices", read)).statusCode).toBe(403);
  });

  it("creates a notice: 201, the managed notice with its author, and a message", async () => {
    const res = await agent("super_admin").post(
      "/api/admin/notices",
      input({
        type: "warning",
        message: "  Upgrade on <b>Friday</b>  ",
        enabled_at: "2030-01-02T03:04:05+02:00",
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<DataBody<ManagedNotice>>();
    expect(body.message).toBe("Notice created.");
    expect(body.data).toEqual({
      id: expect.any(Number),
      type: "warning",
      message: "Upgrade on <b>Friday</b>",
      enabled_at: "2030-01-02T01:04:05.000Z",
      created_at: expect.any(String),
      updated_at: expect.any(String),
      created_by: adminEmail,
    });
  });

  it("lists every notice, scheduled ones too, with paging, sorting and a search of the text", async () => {
    const past = await publish({
      message: 'Read the <a href="https://example.com/alpha">notes</a>',
      enabled_at: hoursFromNow(-5),
    });
    const future = await publish({ message: "Alpha upgrade", enabled_at: hoursFromNow(5) });
    const recent = await publish({ message: "Beta outage", enabled_at: hoursFromNow(-1) });
    const admin = agent("super_admin");
    const ids = async (query: string) => {
      const res = await admin.get(`/api/admin/notices${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ListBody<ManagedNotice>>();
    };

    const all = await ids("");
    expect(all.data.map((n) => n.id)).toEqual([future.id, recent.id, past.id]);
    expect(all.meta.total).toBe(3);
    expect((await ids("?sort=enabled_at")).data.map((n) => n.id)).toEqual([
      past.id,
      recent.id,
      future.id,
    ]);
    expect((await ids("?sort=-created_at")).data.map((n) => n.id)).toEqual([
      recent.id,
      future.id,
      past.id,
    ]);
    const page = await ids("?sort=enabled_at&limit=1&offset=1");
    expect(page.data.map((n) => n.id)).toEqual([recent.id]);
    expect(page.meta.total).toBe(3);
    // The text matches; the markup (the link's address) does not.
    expect((await ids("?q=alpha")).data.map((n) => n.id)).toEqual([future.id]);
    expect((await ids("?q=NOTES")).data.map((n) => n.id)).toEqual([past.id]);

    const badSort = await admin.get("/api/admin/notices?sort=message");
    expect(badSort.statusCode).toBe(422);
    expect(firstError(badSort.body).errors[0]).toMatchObject({
      code: "VALIDATION_FAILED",
      source: "sort",
    });
  });

  it("updates a notice and says so", async () => {
    const notice = await publish({ message: "before" });
    const res = await agent("super_admin").put(
      `/api/admin/notices/${notice.id}`,
      input({ type: "critical", message: "<i>after</i>", enabled_at: hoursFromNow(-2) }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<DataBody<ManagedNotice>>();
    expect(body.message).toBe("Notice updated.");
    expect(body.data).toMatchObject({ id: notice.id, type: "critical", message: "<i>after</i>" });
    expect((await inForce()).data).toEqual([
      {
        id: notice.id,
        type: "critical",
        message: "<i>after</i>",
        enabled_at: body.data.enabled_at,
      },
    ]);
  });

  it("deletes a notice and says so", async () => {
    const notice = await publish();
    const res = await agent("super_admin").delete(`/api/admin/notices/${notice.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: string }>().message).toBe("Notice deleted.");
    expect((await inForce()).data).toEqual([]);
  });

  it("answers 404 for a notice that does not exist", async () => {
    const gone = await publish();
    await agent("super_admin").delete(`/api/admin/notices/${gone.id}`);
    const admin = agent("super_admin");
    for (const res of [
      await admin.put(`/api/admin/notices/${gone.id}`, input()),
      await admin.delete(`/api/admin/notices/${gone.id}`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(firstError(res.body).errors[0]?.code).toBe("NOT_FOUND");
    }
    const absurd = await admin.delete("/api/admin/notices/99999999999");
    expect(absurd.statusCode).toBe(422);
    expect(firstError(absurd.body).errors[0]?.source).toBe("id");
  });

  it("refuses invalid input in the error envelope, naming the field", async () => {
    const admin = agent("super_admin");
    const cases: [Record<string, unknown>, string][] = [
      [{ ...input(), type: "urgent" }, "type"],
      [{ ...input(), message: "   " }, "message"],
      [{ ...input(), message: "x".repeat(5001) }, "message"],
      [{ ...input(), enabled_at: "tomorrow" }, "enabled_at"],
      [{ type: "info", message: "no date" }, "enabled_at"],
    ];
    for (const [body, source] of cases) {
      const res = await admin.post("/api/admin/notices", body);
      expect(res.statusCode, res.body).toBe(422);
      const envelope = res.json<ErrorBody & { success: boolean }>();
      expect(envelope.success).toBe(false);
      expect(envelope.errors.map((e) => e.source)).toContain(source);
      expect(envelope.errors[0]?.code).toBe("VALIDATION_FAILED");
    }
    expect(
      (await agent("super_admin").get("/api/admin/notices")).json<ListBody<ManagedNotice>>().meta
        .total,
    ).toBe(0);
  });

  it("refuses a message with no text left once sanitised, on create and on update", async () => {
    const notice = await publish();
    const admin = agent("super_admin");
    for (const res of [
      await admin.post("/api/admin/notices", input({ message: "<script>alert(1)</script>" })),
      await admin.put(
        `/api/admin/notices/${notice.id}`,
        input({ message: "<img src=x onerror=alert(1)>" }),
      ),
    ]) {
      expect(res.statusCode, res.body).toBe(422);
      expect(firstError(res.body).errors[0]).toMatchObject({
        code: "VALIDATION_FAILED",
        source: "message",
      });
    }
  });
});

describe("notice HTML sanitising", () => {
  const allowedTags = new Set<string>(NOTICE_HTML.allowedTags);
  const allowedAttributes = new Set<string>(NOTICE_HTML.allowedAttributes);
  const activeScheme = /^(?:javascript|data|vbscript):/i;

  /** Every way the stored HTML could still run script, as a browser parses it. */
  function problems(html: string): string[] {
    const found: string[] = [];
    const body = new JSDOM(`<!doctype html><body>${html}</body>`).window.document.body;
    if (body.innerHTML !== html) found.push("changes when parsed again");
    for (const el of body.querySelectorAll("*")) {
      const tag = el.tagName.toLowerCase();
      if (!allowedTags.has(tag)) found.push(`tag <${tag}>`);
      for (const { name, value } of el.attributes) {
        if (name.startsWith("on")) found.push(`handler ${name}`);
        const permitted =
          tag === "a" &&
          (allowedAttributes.has(name) || (name === "rel" && value === "noopener noreferrer"));
        if (!permitted) found.push(`attribute ${name} on <${tag}>`);
        if (name === "target" && !["_blank", "_self"].includes(value))
          found.push(`target ${value}`);
        if (name === "href") {
          // What a browser navigates to: the URL parser drops tabs, newlines and controls.
          let protocol = "unparseable";
          try {
            protocol = new URL(value, "https://relative.invalid/").protocol;
          } catch {
            // An address no browser can follow is reported as a problem all the same.
          }
          const squeezed = [...value].filter((c) => c > " " && c !== "\u00a0").join("");
          if (!["http:", "https:", "mailto:"].includes(protocol) || activeScheme.test(squeezed))
            found.push(`href ${value}`);
        }
      }
      if (
        el.getAttribute("target") === "_blank" &&
        el.getAttribute("rel") !== "noopener noreferrer"
      )
        found.push("target _blank without rel");
    }
    return found;
  }

  it("has a corpus of at least 40 classic payloads", () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(XSS_CORPUS).size).toBe(XSS_CORPUS.length);
  });

  it("the checker itself finds what the sanitiser must remove", () => {
    expect(problems('<img src=x onerror="alert(1)">')).toEqual(
      expect.arrayContaining(["tag <img>", "handler onerror"]),
    );
    expect(problems('<a href="java&#x09;script:alert(1)">x</a>')).toContain(
      "href java\tscript:alert(1)",
    );
    expect(problems('<a href="https://example.com" target="_blank">x</a>')).toContain(
      "target _blank without rel",
    );
  });

  it("stores every XSS corpus payload harmless, or refuses it when no text is left", async () => {
    const admin = agent("super_admin");
    let stored = 0;
    for (const payload of XSS_CORPUS) {
      const res = await admin.post("/api/admin/notices", input({ message: payload }));
      if (res.statusCode === 422) {
        expect(firstError(res.body).errors[0]?.source, payload).toBe("message");
        continue;
      }
      expect(res.statusCode, `${payload} -> ${res.body}`).toBe(201);
      expect(problems(res.json<DataBody<ManagedNotice>>().data.message), payload).toEqual([]);
      stored++;
    }
    // What is read back is what was checked: the stored rows, not just the answers.
    const list = (await admin.get("/api/admin/notices?limit=100")).json<ListBody<ManagedNotice>>();
    expect(list.meta.total).toBe(stored);
    for (const notice of list.data) expect(problems(notice.message), notice.message).toEqual([]);
    expect(stored).toBeGreaterThan(10);
  });

  it("keeps the allowed markup, links with rel added to a new-tab link", async () => {
    const allowed = '<b>Maintenance</b> <a href="https://example.com" target="_blank">details</a>';
    expect((await publish({ message: allowed })).message).toBe(
      '<b>Maintenance</b> <a href="https://example.com" target="_blank" rel="noopener noreferrer">details</a>',
    );
    const kept =
      '<i>a</i> <em>b</em> <strong>c</strong> <a href="mailto:ops@example.com" class="mail">d</a> <a href="/devices" target="_self">e</a>';
    expect((await publish({ message: kept })).message).toBe(kept);
  });

  it("unwraps other elements to their text and drops script and style content", async () => {
    const notice = await publish({
      message:
        '<p class="x">Read <u>this</u></p><script>steal()</script><style>b{}</style><b id="y" class="z">now</b><a href="https://example.com" target="_top" rel="opener">here</a>',
    });
    expect(notice.message).toBe('Read this<b>now</b><a href="https://example.com">here</a>');
  });
});
