import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import S3rver from "s3rver";

/**
 * A real S3-compatible server for the tests (`s3rver`, in this process), never a stand-in of our
 * own: the site signs and sends to it exactly what it sends to AWS, R2, B2 or MinIO. It knows one
 * key, S3RVER / S3RVER, and checks the key id of every request. `stop` and `start` again on the
 * same port and folder play an outage of the storage.
 */
export async function startS3(bucket = "backups") {
  const directory = mkdtempSync(path.join(tmpdir(), "site-s3rver-"));
  const make = (port: number) =>
    new S3rver({
      address: "127.0.0.1",
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
  let server = make(0);
  const { port } = await server.run();
  const url = `http://127.0.0.1:${port}/${bucket}`;
  const client = new AwsClient({
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    service: "s3",
    region: "us-east-1",
    retries: 0,
  });
  let running = true;
  return {
    port,
    /** the bucket's URL: BACKUP_S3_URL is this plus a folder */
    url,
    keyId: "S3RVER",
    secret: "S3RVER",
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
      await server.close();
    },
    async start() {
      if (running) return;
      server = make(port);
      await server.run();
      running = true;
    },
    async close() {
      await this.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
