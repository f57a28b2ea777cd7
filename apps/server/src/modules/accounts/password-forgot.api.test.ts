import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories } from "../../test/factories";
import { awaitMail } from "../../test/outbox";

/**
 * An SMTP server that accepts connections and never answers, so sending an e-mail takes
 * as long as the test likes: an answer that waited for it would never come.
 */
let smtp: Server;
const sockets: Socket[] = [];
let t: TestApp;

beforeAll(async () => {
  smtp = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.address() as { port: number };
  t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  smtp.close();
  await t.close();
});

describe("POST /account/password/forgot", () => {
  it("answers without waiting for the database or the e-mail of a real account", async () => {
    const f = factories(t.database.db);
    const user = await f.user({ company: await f.company() });
    const agent = new TestAgent(t.app);
    const known = await agent.post("/account/password/forgot", { email: user.email });
    const unknown = await agent.post("/account/password/forgot", { email: "nobody@example.com" });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({
      success: true,
      message:
        "If an account exists for that e-mail, we have sent it a link to reset the password.",
    });
    // The e-mail is on its way all the same: recorded, and the SMTP server was called.
    await awaitMail(t.database.db, user.email, "reset_password");
    await expect.poll(() => sockets.length).toBeGreaterThan(0);
  });
});
