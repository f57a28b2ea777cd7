import { createHash, createHmac } from "node:crypto";

/** SHA-256 of no bytes: the payload hash of a GET or DELETE. */
export const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

export interface S3Credentials {
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SignableRequest {
  method: string;
  url: URL;
  /** Hex SHA-256 of the body; it is signed, so the store refuses a body that differs. */
  payloadHash: string;
  /** Further headers to send and sign (lower-case names), e.g. `range`, `content-length`. */
  headers?: Record<string, string>;
}

const sha256 = (data: string) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) =>
  createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants it: encodeURIComponent leaves !'()* as they are. */
const encode = (text: string) =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * The headers that sign a request to S3 with AWS Signature Version 4: `x-amz-date`,
 * `x-amz-content-sha256` and `authorization`, with the request's own headers. Host is
 * signed as the URL has it, which is what the request sends.
 */
export function signV4(
  request: SignableRequest,
  credentials: S3Credentials,
  now = new Date(),
): Record<string, string> {
  const amzDate = now.toISOString().replace(/[-:]|\.\d+/g, "");
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...request.headers,
    "x-amz-date": amzDate,
    "x-amz-content-sha256": request.payloadHash,
  };
  const signed: Record<string, string> = { ...headers, host: request.url.host };
  const names = Object.keys(signed).sort();
  // S3, unlike other services, encodes the path once: each segment, the slashes kept.
  const path = request.url.pathname
    .split("/")
    .map((segment) => encode(decodeURIComponent(segment)))
    .join("/");
  const query = [...request.url.searchParams]
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .sort()
    .join("&");
  const canonicalRequest = [
    request.method,
    path,
    query,
    ...names.map((name) => `${name}:${signed[name]!.trim().replace(/ +/g, " ")}`),
    "",
    names.join(";"),
    request.payloadHash,
  ].join("\n");
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  let key = hmac(`AWS4${credentials.secretAccessKey}`, day);
  for (const part of [credentials.region, "s3", "aws4_request"]) key = hmac(key, part);
  const signature = hmac(key, stringToSign).toString("hex");
  return {
    ...headers,
    authorization:
      `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, ` +
      `SignedHeaders=${names.join(";")}, Signature=${signature}`,
  };
}
