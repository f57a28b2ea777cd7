import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { WIRE } from "@netfleet/contracts/constants";
import type { TestApp } from "./build-test-app";
import { factories } from "./factories";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

let agents = 0;

/**
 * A browser-like caller for `app.inject`: keeps cookies between requests and echoes the
 * XSRF cookie in its header, as the console does.
 */
export class TestAgent {
  readonly cookies = new Map<string, string>();
  /** Each agent calls from its own address, so per-IP limits of one test do not hit another. */
  readonly remoteAddress: string;

  constructor(
    private readonly app: FastifyInstance,
    private readonly defaults: { headers?: Record<string, string>; remoteAddress?: string } = {},
  ) {
    const n = ++agents;
    this.remoteAddress =
      defaults.remoteAddress ?? `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  }

  async request(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) {
    if (method !== "GET" && !this.cookies.has(WIRE.xsrfCookie))
      await this.request("GET", "/api/app-config");
    const xsrf = this.cookies.get(WIRE.xsrfCookie);
    const options: InjectOptions = {
      method,
      url,
      remoteAddress: this.remoteAddress,
      headers: {
        ...this.defaults.headers,
        ...(xsrf ? { [WIRE.xsrfHeader]: xsrf } : {}),
        ...(this.cookies.size
          ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") }
          : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body as InjectOptions["payload"] }),
    };
    const res = await this.app.inject(options);
    this.absorb(res);
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request("GET", url, undefined, headers);
  }
  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request("POST", url, body ?? {}, headers);
  }
  put(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request("PUT", url, body ?? {}, headers);
  }
  delete(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request("DELETE", url, body, headers);
  }

  async signIn(email: string, password: string) {
    const res = await this.post("/account/sign-in", { email, password });
    if (res.statusCode !== 200)
      throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
    return res;
  }

  private absorb(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      const expired =
        c.maxAge === 0 || (c.expires instanceof Date && c.expires.getTime() <= Date.now());
      if (expired || c.value === "") this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
}

type UserOverrides = Parameters<ReturnType<typeof factories>["user"]>[0];

/** A new agent (from its own address) signed in as an existing user. */
export async function signedInAs(
  t: Pick<TestApp, "app">,
  user: { email: string; password: string },
) {
  const agent = new TestAgent(t.app);
  await agent.signIn(user.email, user.password);
  return agent;
}

/** A new user from `factories().user` (role admin unless given), signed in by a new agent. */
export async function signedInAgent(t: TestApp, overrides: UserOverrides) {
  const user = await factories(t.database.db).user(overrides);
  return { user, agent: await signedInAs(t, user) };
}
