import { randomInt } from "node:crypto";
import type { SimulateCommand } from "./cli";
import type { DeviceBehaviour } from "./device";
import { type Fleet, startFleet } from "./fleet";
import { simulatedRunners } from "./handlers";
import { type ModelCatalogue, modelCatalogue } from "./models";
import { between } from "./random";
import {
  type SimulatedTraits,
  initialUptimeSeconds,
  outageSeconds,
  rejectsUpdates,
  secondsToOutage,
  simulatedIdentity,
  simulatedStatus,
  simulatedTelemetry,
  simulatedTraits,
} from "./simulation";
import {
  type AgentState,
  type DeviceIdentity,
  StateFileError,
  readState,
  sameServer,
} from "./state-file";

export type SimulateOptions = Omit<SimulateCommand, "command" | "failUpdates"> & {
  /** Connect here instead of the broker the server names (benchmarks). */
  mqttUrl?: string;
  /** How long a reboot keeps a device away, ms (5 to 10 s by default). */
  rebootMs?: number;
  /** How long installing a firmware or configuration file takes, ms (2 s by default). */
  installMs?: number;
  /** The share of devices that refuse every file they are sent, percent (0 by default). */
  failUpdates?: number;
  enrolConcurrency?: number;
  connectConcurrency?: number;
  /** The first wait before connecting again, ms (1 s). */
  retryMs?: number;
};

/** The state to start from: the file's, or a new one with the given or a random seed. */
function startingState(options: SimulateOptions): AgentState {
  const state = readState(options.state);
  if (!state) {
    return {
      version: 1,
      server: options.server,
      seed: options.seed ?? randomInt(2_147_483_647),
      devices: [],
    };
  }
  if (!sameServer(state.server, options.server)) {
    throw new StateFileError(
      `${options.state} holds devices enrolled at ${state.server}; give another --state for ${options.server}`,
    );
  }
  if (options.seed !== undefined && options.seed !== state.seed) {
    throw new StateFileError(
      `${options.state} was drawn with seed ${state.seed}; leave --seed out or give another --state`,
    );
  }
  return state;
}

/**
 * The identities to run: those of the state file first (so a restart brings back the same
 * devices), then new ones drawn from the seed; `next()` draws one more, never a serial in
 * use.
 */
function identities(options: SimulateOptions, state: AgentState, catalogue: ModelCatalogue) {
  const used = new Set(state.devices.map((device) => device.serial));
  let slot = 0;
  const next = (): DeviceIdentity => {
    for (;;) {
      const identity = simulatedIdentity(state.seed, slot++, catalogue);
      if (!used.has(identity.serial)) {
        used.add(identity.serial);
        return identity;
      }
    }
  };
  if (options.identity) {
    const { serial, mac, model } = options.identity;
    const saved = state.devices.find((device) => device.serial === serial);
    if (saved && saved.mac !== mac) {
      throw new StateFileError(`${options.state} has ${serial} with MAC ${saved.mac}, not ${mac}`);
    }
    const drawn = simulatedIdentity(state.seed, 0, catalogue).model;
    return { list: [{ serial, mac, model: model ?? saved?.model ?? drawn }], next };
  }
  const list: DeviceIdentity[] = state.devices.slice(0, options.devices).map((device) => ({
    serial: device.serial,
    mac: device.mac,
    model: device.model,
  }));
  while (list.length < options.devices) list.push(next());
  return { list, next };
}

export function simulatedBehaviour(
  seed: number,
  options: Pick<SimulateOptions, "outages" | "rebootMs" | "installMs" | "failUpdates">,
): DeviceBehaviour<SimulatedTraits> {
  return {
    status: (device, nowMs) =>
      simulatedStatus(
        device.identity,
        device.data,
        Math.max(0, Math.floor((nowMs - device.bootAt) / 1000)),
      ),
    telemetry: (device, nowMs) => simulatedTelemetry(seed, device.data, nowMs, device.bootAt),
    tasks: ({ data, outages }) =>
      simulatedRunners({
        rebootMs: options.rebootMs ?? between(5_000, 10_000, seed, data.key, outages),
        installMs: options.installMs ?? 2_000,
        rejectsUpdates: rejectsUpdates(seed, data.key, options.failUpdates ?? 0),
      }),
    nextOutage: (device) => secondsToOutage(seed, device.data.key, device.outages, options.outages),
    outageLength: (device) => outageSeconds(seed, device.data.key, device.outages),
    firmware: (device) => device.data.firmware,
  };
}

/** Enrols what is missing and runs the simulated fleet; `stop()` ends it. */
export function simulate(options: SimulateOptions): Fleet<SimulatedTraits> {
  const state = startingState(options);
  const catalogue = modelCatalogue();
  const { list, next } = identities(options, state, catalogue);
  const startedAt = Date.now();
  const device = (identity: DeviceIdentity) => ({
    identity,
    data: simulatedTraits(state.seed, identity, catalogue),
  });
  return startFleet({
    server: options.server,
    token: options.token,
    stateFile: options.state,
    state,
    devices: list.map((identity) => {
      const spec = device(identity);
      return {
        ...spec,
        bootAt: startedAt - initialUptimeSeconds(state.seed, spec.data.key) * 1000,
      };
    }),
    behaviour: simulatedBehaviour(state.seed, options),
    intervalSeconds: options.interval,
    // A hand-given identity is the user's to fix; a drawn one simply draws again.
    ...(options.identity ? {} : { replacement: () => device(next()) }),
    ...(options.mqttUrl ? { mqttUrl: options.mqttUrl } : {}),
    ...(options.enrolConcurrency ? { enrolConcurrency: options.enrolConcurrency } : {}),
    ...(options.connectConcurrency ? { connectConcurrency: options.connectConcurrency } : {}),
    ...(options.retryMs ? { retryMs: options.retryMs } : {}),
  });
}
