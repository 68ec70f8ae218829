import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Sha256 } from "@aws-crypto/sha256-js";
import { SignatureV4 } from "@smithy/signature-v4";
import { AwsClient } from "aws4fetch";
import S3rver from "s3rver";

const KEY_ID = "S3RVER";
const SECRET = "S3RVER";

/**
 * s3rver checks a request's key id but not its signature: it answers 200 to a wrong secret, so a
 * signing bug of ours would pass against it (issue 41, item 23). So every request goes through
 * this proxy first, which signs it again with AWS's own Signature V4 code (@smithy/signature-v4,
 * the AWS SDK's signer) and the one secret, from the headers the request says it signed, and
 * compares: a different signature is refused 403 SignatureDoesNotMatch, as S3 does; so is a body
 * whose SHA-256 is not the one signed (400 XAmzContentSHA256Mismatch). The rest goes on to s3rver.
 */
async function verifySignature(req: http.IncomingMessage, body: Buffer): Promise<string | null> {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? "",
    );
  if (!auth) return "AccessDenied";
  const [, keyId, , region, signedHeaders, signature] = auth as unknown as string[];
  if (keyId !== KEY_ID) return "InvalidAccessKeyId";
  const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
  const headers: Record<string, string> = {};
  for (const name of signedHeaders!.split(";")) headers[name] = String(req.headers[name] ?? "");
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = value;
  const amzDate = req.headers["x-amz-date"];
  if (typeof amzDate !== "string") return "AccessDenied";
  const signingDate = new Date(
    amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"),
  );
  const signer = new SignatureV4({
    credentials: { accessKeyId: keyId!, secretAccessKey: SECRET },
    region: region!,
    service: "s3",
    sha256: Sha256,
    // S3 signs the path as sent, not encoded a second time.
    uriEscapePath: false,
    applyChecksum: false,
  });
  const signed = await signer.sign(
    {
      method: req.method ?? "GET",
      protocol: "http:",
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      query,
      headers,
      body: body.length > 0 ? body : undefined,
    },
    { signingDate },
  );
  const expected = /Signature=([0-9a-f]{64})/.exec(String(signed.headers.authorization))?.[1];
  if (expected !== signature) return "SignatureDoesNotMatch";
  const declared = req.headers["x-amz-content-sha256"];
  if (
    typeof declared === "string" &&
    /^[0-9a-f]{64}$/.test(declared) &&
    createHash("sha256").update(body).digest("hex") !== declared
  )
    return "XAmzContentSHA256Mismatch";
  return null;
}

/** The proxy on `port` (0: any) in front of s3rver on `upstream`; counts what it checked. */
function startVerifier(
  port: number,
  upstream: () => number,
  seen: { checked: number; refused: string[] },
) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      void verifySignature(req, body).then((problem) => {
        seen.checked++;
        if (problem) {
          seen.refused.push(problem);
          res.statusCode = problem === "XAmzContentSHA256Mismatch" ? 400 : 403;
          res.setHeader("content-type", "application/xml");
          res.end(`<?xml version="1.0"?><Error><Code>${problem}</Code></Error>`);
          return;
        }
        const forward = http.request(
          {
            host: "127.0.0.1",
            port: upstream(),
            method: req.method,
            path: req.url,
            headers: req.headers,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        forward.on("error", () => res.destroy());
        forward.end(body);
      });
    });
  });
  return new Promise<http.Server>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

/**
 * A real S3-compatible server for the tests (`s3rver`, in this process), never a stand-in of our
 * own: the site signs and sends to it exactly what it sends to AWS, R2, B2 or MinIO. It knows one
 * key, S3RVER / S3RVER; every request's signature is checked by AWS's own signer on the way in
 * (startVerifier above). `stop` and `start` again on the same port and folder play an outage of
 * the storage.
 */
export async function startS3(bucket = "backups") {
  const directory = mkdtempSync(path.join(tmpdir(), "site-s3rver-"));
  const make = () =>
    new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
  let server = make();
  let upstream = (await server.run()).port;
  const seen = { checked: 0, refused: [] as string[] };
  let proxy = await startVerifier(0, () => upstream, seen);
  const port = (proxy.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/${bucket}`;
  const client = new AwsClient({
    accessKeyId: KEY_ID,
    secretAccessKey: SECRET,
    service: "s3",
    region: "us-east-1",
    retries: 0,
  });
  let running = true;
  return {
    port,
    /** the bucket's URL: BACKUP_S3_URL is this plus a folder */
    url,
    keyId: KEY_ID,
    secret: SECRET,
    /** requests whose signature AWS's signer checked, and the codes of those it refused */
    seen,
    /** the object at `key` in the bucket, or undefined when there is none */
    async object(key: string): Promise<Buffer | undefined> {
      const response = await client.fetch(`${url}/${key}`);
      if (response.status === 404) return undefined;
      if (!response.ok) throw new Error(`s3rver answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
    async stop() {
      if (!running) return;
      running = false;
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      await server.close();
    },
    async start() {
      if (running) return;
      server = make();
      upstream = (await server.run()).port;
      proxy = await startVerifier(port, () => upstream, seen);
      running = true;
    },
    async close() {
      await this.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
