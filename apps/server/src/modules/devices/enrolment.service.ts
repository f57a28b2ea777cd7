import { DEVICE_PROTOCOL_VERSION, type EnrolAnswer } from "@netfleet/contracts/device-protocol";
import type { AppContext } from "../../app-context";
import { hashSecret, newSecret, openWith, sealWith } from "../../lib/secrets";
import { AppError } from "../../plugins/errors";
import { devicesRepo } from "./devices.repo";
import { enrolmentRepo } from "./enrolment.repo";

/** Connection attempt code of a serial number registered with another MAC address. */
export const ATTEMPT_SERIAL_MAC_MISMATCH = 7;

const TOKEN_PREFIX = "nf_enr_";

function sealingSecret(ctx: Pick<AppContext, "accessTokenKey">): string {
  return Buffer.from(ctx.accessTokenKey).toString("base64url");
}

async function issueToken(ctx: Pick<AppContext, "db" | "accessTokenKey">, companyId: number) {
  const token = `${TOKEN_PREFIX}${newSecret(24)}`;
  await enrolmentRepo(ctx.db).setToken(
    companyId,
    hashSecret(token),
    sealWith(sealingSecret(ctx), token),
  );
  return token;
}

/**
 * The company's enrolment token, made on first request. A token sealed under an earlier
 * session secret cannot be shown again, so it is replaced.
 */
export async function enrolmentToken(ctx: AppContext, companyId: number): Promise<string> {
  const sealed = await enrolmentRepo(ctx.db).sealedToken(companyId);
  const token = sealed === undefined ? null : openWith(sealingSecret(ctx), sealed);
  return token ?? issueToken(ctx, companyId);
}

/** A new token for the company; devices still to enrol with the old one are refused. */
export function rotateEnrolmentToken(ctx: AppContext, companyId: number): Promise<string> {
  return issueToken(ctx, companyId);
}

const REFUSED_TOKEN = "The enrolment token is not valid. Copy the command again from Add device.";
const SERIAL_TAKEN = "A device with this serial number is registered already.";

/**
 * Enrols a device: a device the company registered beforehand by serial and MAC is
 * matched, an unknown one is created in the token's company. Either way it gets a new
 * secret, shown once. Without a valid token the answer never depends on the serial.
 */
export async function enrolDevice(
  ctx: AppContext,
  request: {
    token: string;
    serial: string;
    mac: string;
    model: string;
    firmware?: string | undefined;
  },
  address: string,
  /** Where the device connects next: the broker's public address. */
  mqttUrl: string,
): Promise<EnrolAnswer> {
  const company = await enrolmentRepo(ctx.db).companyOfToken(hashSecret(request.token));
  if (!company) throw new AppError("UNAUTHORIZED", REFUSED_TOKEN, { source: "token" });
  const scope = { companyPath: company.path, global: false };
  const secret = newSecret(32);
  const secretHash = hashSecret(secret);

  const deviceId = await ctx.db.transaction(async (tx) => {
    const devices = devicesRepo(tx);
    const existing = await devices.findBySerial(scope, request.serial);
    if (!existing) {
      return devices.createEnrolled({
        companyId: company.id,
        serial: request.serial,
        mac: request.mac,
        model: request.model,
        firmware: request.firmware ?? null,
        secretHash,
      });
    }
    if (!existing.inScope) return null;
    if (existing.mac !== request.mac) {
      await enrolmentRepo(tx).recordAttempt({
        deviceId: existing.id,
        serial: request.serial,
        mac: request.mac,
        code: ATTEMPT_SERIAL_MAC_MISMATCH,
        reason: null,
        address,
      });
      return null;
    }
    await devices.issueSecret(existing.id, secretHash, request);
    return existing.id;
  });
  // undefined: another enrolment took the serial in the meantime.
  if (deviceId === null || deviceId === undefined) {
    throw new AppError("CONFLICT", SERIAL_TAKEN, { source: "serial" });
  }
  return { device_id: deviceId, secret, protocol: DEVICE_PROTOCOL_VERSION, mqtt_url: mqttUrl };
}
