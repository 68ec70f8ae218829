import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { AwsClient } from "aws4fetch";

/**
 * S3-compatible storage (AWS S3, Cloudflare R2, Backblaze B2, MinIO) for the copy of each backup
 * off the server (docs/decisions/034). Signed with `aws4fetch` (Signature V4), sent with Node's
 * fetch. The tests use a real S3-compatible server (`s3rver`), never a stand-in of ours.
 */

export interface S3Target {
  /**
   * the folder the backups go into: `https://HOST/BUCKET/PREFIX` (path style) or
   * `https://BUCKET.HOST/PREFIX` (virtual-hosted); an object's URL is this plus `/NAME`
   */
  url: string;
  keyId: string;
  secret: string;
  /** the signing region; guessed from AWS, R2 and B2 host names, else us-east-1 */
  region?: string;
}

/**
 * An upload that did not go through, in words without secrets. `message` names the storage's host
 * (for the backup's record and /admin/backups); `withoutHost` does not, for the public /status:
 * an R2 host carries the practice's Cloudflare account id.
 */
export class S3UploadError extends Error {
  override name = "S3UploadError";
  readonly withoutHost: string;
  constructor(what: string, host?: string) {
    super(host ? `the storage at ${host} ${what}` : what);
    this.withoutHost = host ? `the storage ${what}` : what;
  }
}

/** A single PUT takes up to 5 GB everywhere; a backup of this site is far smaller. */
const UPLOAD_TIMEOUT_MS = 15 * 60_000;

/** The URL of object `name` in the target's folder. */
export function objectUrl(target: S3Target, name: string): string {
  return `${target.url.replace(/\/+$/, "")}/${encodeURIComponent(name)}`;
}

/**
 * Puts `file` into the target's folder as `name`. The body's SHA-256 is signed, so the storage
 * refuses anything that arrives changed; the file streams, never whole in memory.
 */
export async function putFile(
  target: S3Target,
  name: string,
  file: string,
  body: { bytes: number; sha256: string },
): Promise<void> {
  const client = new AwsClient({
    accessKeyId: target.keyId,
    secretAccessKey: target.secret,
    service: "s3",
    region: target.region,
    // The job retries later, with its own backoff: a streamed body cannot be sent twice.
    retries: 0,
  });
  const url = objectUrl(target, name);
  const request = await client.sign(url, {
    method: "PUT",
    headers: {
      "content-length": String(body.bytes),
      "content-type": "application/octet-stream",
      "x-amz-content-sha256": body.sha256,
    },
    body: Readable.toWeb(createReadStream(file)) as unknown as ReadableStream<Uint8Array>,
  });
  let response: Response;
  try {
    response = await fetch(request, { signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as { cause?: { code?: unknown } }).cause;
    const code = typeof cause?.code === "string" ? cause.code : (error as Error).name;
    throw new S3UploadError(`did not answer (${code})`, new URL(url).host);
  }
  if (response.ok) {
    await response.body?.cancel();
    return;
  }
  // S3's error body is XML with a <Code>; only the code is kept (the message may quote the key id).
  const text = await response.text().catch(() => "");
  const code = /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(text)?.[1];
  throw new S3UploadError(
    `refused the upload (${response.status}${code ? ` ${code}` : ""})`,
    new URL(url).host,
  );
}
