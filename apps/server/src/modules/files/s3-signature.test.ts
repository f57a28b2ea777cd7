import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { EMPTY_SHA256, signV4 } from "./s3-signature";

/**
 * The worked examples of AWS's S3 documentation ("Signature Calculations for the
 * Authorization Header", examplebucket, 24 May 2013): a signer that gets any step wrong
 * (canonical request, string to sign, signing key, encoding) gets another signature.
 */
const credentials = {
  region: "us-east-1",
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
};
const now = new Date("2013-05-24T00:00:00Z");
const bucket = "https://examplebucket.s3.amazonaws.com";
const credential = "Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request";

describe("signV4", () => {
  it("signs AWS's GET Object example (the first 10 bytes of test.txt)", () => {
    const headers = signV4(
      {
        method: "GET",
        url: new URL(`${bucket}/test.txt`),
        payloadHash: EMPTY_SHA256,
        headers: { range: "bytes=0-9" },
      },
      credentials,
      now,
    );
    expect(headers).toEqual({
      range: "bytes=0-9",
      "x-amz-date": "20130524T000000Z",
      "x-amz-content-sha256": EMPTY_SHA256,
      authorization:
        `AWS4-HMAC-SHA256 ${credential}, ` +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, " +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    });
  });

  it("signs AWS's PUT Object example: the body's hash, and `$` in the key encoded", () => {
    const body = createHash("sha256").update("Welcome to Amazon S3.").digest("hex");
    const { authorization } = signV4(
      {
        method: "PUT",
        url: new URL(`${bucket}/test$file.text`),
        payloadHash: body,
        headers: {
          date: "Fri, 24 May 2013 00:00:00 GMT",
          "x-amz-storage-class": "REDUCED_REDUNDANCY",
        },
      },
      credentials,
      now,
    );
    expect(authorization).toBe(
      `AWS4-HMAC-SHA256 ${credential}, ` +
        "SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, " +
        "Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
    );
  });

  it("signs AWS's examples with a query: a bare subresource, and parameters in order", () => {
    const signature = (query: string) =>
      signV4(
        { method: "GET", url: new URL(`${bucket}/${query}`), payloadHash: EMPTY_SHA256 },
        credentials,
        now,
      ).authorization!.split("Signature=")[1];
    expect(signature("?lifecycle")).toBe(
      "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543",
    );
    expect(signature("?prefix=J&max-keys=2")).toBe(
      "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7",
    );
  });
});
