import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deviceSeriesOf } from "@netfleet/contracts/devices/flags";

/**
 * The hardware the simulator imitates, read from fixtures/models/*.json: one file per
 * family with its models' ports, SIM slots and radios (the same figures as contracts'
 * catalogue, which models.test.ts checks), its firmware naming and its hardware facts.
 */
export interface FixtureModel {
  model: string;
  ports: number;
  sims: number;
  second_modem: boolean;
  wifi: boolean;
  gps: boolean;
  mobile: boolean;
  io: boolean;
  /** The mobile generation the modem reaches ("4G", "5G"); absent without a modem. */
  network?: string;
}

export interface FamilyFixture {
  family: string;
  /** How common the family is in a simulated fleet, relative to the others. */
  weight: number;
  /** `format` with {series} and {version}: "{series}_R_00.{version}" → "RUTX_R_00.07.09.1". */
  firmware: { format: string; versions: string[] };
  hardware: { cpu: string; cpu_count: number; memory_total: number; kernel: string };
  models: FixtureModel[];
}

/** A model with what the simulator needs of its family. */
export interface ModelProfile extends FixtureModel {
  family: string;
  firmwareVersions: readonly string[];
  firmwareFormat: string;
  hardware: FamilyFixture["hardware"];
}

export const MODELS_DIR = fileURLToPath(new URL("../fixtures/models/", import.meta.url));

function check(condition: boolean, file: string, what: string): asserts condition {
  if (!condition) throw new Error(`${file}: ${what}`);
}

/** Reads one family file, refusing one whose shape is off rather than simulating nonsense. */
function readFamily(file: string): FamilyFixture {
  const doc = JSON.parse(fs.readFileSync(file, "utf8")) as FamilyFixture;
  check(typeof doc.family === "string" && doc.family.length > 0, file, "family is missing");
  check(doc.weight > 0, file, "weight must be positive");
  check(doc.firmware?.versions?.length > 0, file, "firmware.versions is empty");
  check(doc.firmware.format.includes("{version}"), file, "firmware.format lacks {version}");
  check(doc.hardware?.cpu_count >= 1, file, "hardware.cpu_count is missing");
  check(Array.isArray(doc.models) && doc.models.length > 0, file, "models is empty");
  for (const model of doc.models) {
    check(model.model.startsWith(doc.family), file, `${model.model} is not a ${doc.family}`);
    check(model.ports >= 0 && model.sims >= 0, file, `${model.model} has negative counts`);
  }
  return doc;
}

export function loadFamilies(dir = MODELS_DIR): FamilyFixture[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => readFamily(path.join(dir, name)));
}

/** The simulator's models: picked by family weight, or found by name. */
export interface ModelCatalogue {
  /** A model for two numbers in [0, 1): the first picks the family, the second its model. */
  pick(familyDraw: number, modelDraw: number): ModelProfile;
  find(model: string): ModelProfile | undefined;
  all: readonly ModelProfile[];
}

export function modelCatalogue(
  families: readonly FamilyFixture[] = loadFamilies(),
): ModelCatalogue {
  const byFamily = families.map((family) => ({
    weight: family.weight,
    profiles: family.models.map((model): ModelProfile => ({
      ...model,
      family: family.family,
      firmwareVersions: family.firmware.versions,
      firmwareFormat: family.firmware.format,
      hardware: family.hardware,
    })),
  }));
  const total = byFamily.reduce((sum, family) => sum + family.weight, 0);
  const all = byFamily.flatMap((family) => family.profiles);
  return {
    all,
    pick(familyDraw, modelDraw) {
      let left = familyDraw * total;
      const family = byFamily.find((candidate) => (left -= candidate.weight) < 0) ?? byFamily[0]!;
      return family.profiles[Math.floor(modelDraw * family.profiles.length)]!;
    },
    find(model) {
      const name = model.trim().toUpperCase();
      return all.find((profile) => profile.model === name);
    },
  };
}

/** The firmware string a model reports for one of its family's versions. */
export function firmwareOf(profile: ModelProfile, version: string): string {
  return profile.firmwareFormat
    .replace("{series}", deviceSeriesOf(profile.model))
    .replace("{version}", version);
}
