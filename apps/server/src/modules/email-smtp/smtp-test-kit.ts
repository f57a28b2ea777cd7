import net from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a free port of 127.0.0.1, recording what it receives. With `auth`,
 * it asks for that user name and password (over plain SMTP) and refuses others with 535.
 */
export function startSmtp(opts: { auth?: { username: string; password: string } } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: opts.auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !opts.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === opts.auth?.username && auth.password === opts.auth?.password) {
        callback(null, { user: auth.username });
      } else {
        callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
      }
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  return new Promise<{
    port: number;
    received: ReceivedMail[];
    close: () => Promise<void>;
  }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve({
        port: (server.server.address() as net.AddressInfo).port,
        received,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
  });
}

/** A port nothing listens on. */
export async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}
