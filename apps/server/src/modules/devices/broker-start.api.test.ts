import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { ServerProcess, freePort } from "../../test/server-process";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-mqtt-port-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it("stops start-up with one line naming the MQTT port in use and the setting to change", async () => {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  const taken = (holder.address() as net.AddressInfo).port;
  try {
    const server = new ServerProcess(await freePort(), {
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      MQTT_PORT: String(taken),
      LOG_LEVEL: "silent",
    });
    const { code, output } = await server.exit();
    expect(code).toBe(1);
    expect(output).toContain(
      `Netfleet failed to start: The MQTT port ${taken} is in use: set MQTT_PORT to a free port.\n`,
    );
    expect(output).not.toMatch(/\n\s+at /);
  } finally {
    holder.close();
  }
}, 60_000);
