import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type AgentState, StateFileError, readState, sameServer, writeState } from "./state-file";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-agent-state-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const state: AgentState = {
  version: 1,
  server: "http://localhost:8080",
  seed: 42,
  devices: [
    {
      serial: "1100012345",
      mac: "00:1E:42:00:00:01",
      model: "RUTX11",
      device_id: 7,
      secret: "s3cret-s3cret",
      mqtt_url: "mqtt://localhost:1883",
    },
  ],
};

describe("the state file", () => {
  it("reads back what was written, kept private to its owner", () => {
    const file = path.join(dir, "nested", "state.json");
    writeState(file, state);
    expect(readState(file)).toEqual(state);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // Written through a temporary file: nothing else is left beside it.
    expect(fs.readdirSync(path.dirname(file))).toEqual(["state.json"]);
  });

  it("keeps the firmware a device installed, and refuses one that is not a name", () => {
    const file = path.join(dir, "updated.json");
    const updated = { ...state, devices: [{ ...state.devices[0]!, firmware: "RUTX_R_00.07.10" }] };
    writeState(file, updated);
    expect(readState(file)).toEqual(updated);
    fs.writeFileSync(
      file,
      JSON.stringify({ ...state, devices: [{ ...state.devices[0], firmware: 7 }] }),
    );
    expect(() => readState(file)).toThrow(
      `${file}: device 1 has a firmware that is not 1 to 64 characters`,
    );
  });

  it("is null when there is none yet", () => {
    expect(readState(path.join(dir, "missing.json"))).toBeNull();
  });

  it("refuses a file that is not JSON, naming it", () => {
    const file = path.join(dir, "broken.json");
    fs.writeFileSync(file, "{ not json");
    expect(() => readState(file)).toThrow(
      new StateFileError(`${file} is not JSON; move it away to start with a new fleet`),
    );
  });

  it("names the device entry that lacks what a reconnection needs", () => {
    const file = path.join(dir, "partial.json");
    const { secret: _secret, ...withoutSecret } = state.devices[0]!;
    fs.writeFileSync(
      file,
      JSON.stringify({ ...state, devices: [state.devices[0], withoutSecret] }),
    );
    expect(() => readState(file)).toThrow(`${file}: device 2 has no secret`);
    fs.writeFileSync(
      file,
      JSON.stringify({ ...state, devices: [{ ...state.devices[0], mac: "nope" }] }),
    );
    expect(() => readState(file)).toThrow(`${file}: device 1 has no valid mac`);
  });

  it("compares servers without their trailing slash", () => {
    expect(sameServer("http://a:8080/", "http://a:8080")).toBe(true);
    expect(sameServer("http://a:8080", "http://b:8080")).toBe(false);
  });
});
