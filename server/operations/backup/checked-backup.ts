import { createHash } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { createInterface } from "node:readline";
import { PassThrough, type Readable, Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import type { Database } from "../../db/client";
import { encryptStream } from "./age";
import { BACKUP_TABLES, BackupError } from "./format";
import { type BackupCounts, streamBackup } from "./write-backup";

/**
 * Writes a backup to `file` and checks it before anyone relies on it (docs/decisions/034).
 *
 * An encrypted backup cannot be read back by the site, so the check does not read the file: the
 * backup's gzip bytes go two ways at once, to the disk (through age when a recipient is set) and
 * to a gunzip that counts every table's rows as restore would read them. Then the file on the
 * disk is read back and its SHA-256 compared with the bytes handed to it. Together: the file
 * holds exactly the bytes made, and those bytes hold every row. Nothing plain touches the disk.
 */
export async function writeCheckedBackup(
  database: Database,
  file: string,
  options: { recipient?: string; live?: boolean } = {},
): Promise<{ verified: BackupCounts; bytes: number; sha256: string }> {
  const toCheck = createGunzip();
  const checked = checkBackupRows(createInterface({ input: toCheck, crlfDelay: Infinity }));
  const toDisk = new PassThrough();
  const sealed: Readable = options.recipient
    ? await encryptStream(toDisk, options.recipient)
    : toDisk;
  const hash = createHash("sha256");
  let bytes = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const stored = pipeline(sealed, measure, createWriteStream(file, { mode: 0o600, flags: "wx" }));
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const waits: Promise<unknown>[] = [];
      if (!toCheck.write(chunk)) waits.push(once(toCheck, "drain"));
      if (!toDisk.write(chunk)) waits.push(once(toDisk, "drain"));
      Promise.all(waits).then(() => done(), done);
    },
    final(done) {
      toCheck.end();
      toDisk.end();
      done();
    },
  });
  // A full disk or an unreadable stream ends the backup, rather than leaving it waiting.
  const fail = (error: unknown) => {
    sink.destroy(error as Error);
    toCheck.destroy();
    toDisk.destroy();
  };
  stored.catch(fail);
  checked.catch(fail);
  const written = await streamBackup(database, sink, { live: options.live });
  await stored;
  const found = await checked;
  const tables = BACKUP_TABLES.map((t) => t.name);
  if (
    !found.ended ||
    Object.keys(found.counts).length !== tables.length ||
    !tables.every((t) => found.counts[t] === written[t])
  )
    throw new BackupError("the backup's rows, counted as they were written, do not match");
  const sha256 = hash.digest("hex");
  const onDisk = createHash("sha256");
  let bytesOnDisk = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    onDisk.update(chunk);
    bytesOnDisk += chunk.length;
  }
  if (bytesOnDisk !== bytes || onDisk.digest("hex") !== sha256)
    throw new BackupError("the backup read back from the disk is not what was written");
  return { verified: found.counts, bytes, sha256 };
}

/**
 * Each table's rows in a backup's lines (the header, each table's line and its rows, the end
 * marker), and whether the end marker came. Reads to the end whatever it finds, so a stream
 * feeding it is never left waiting.
 */
export async function checkBackupRows(
  lines: AsyncIterable<string> | Iterable<string>,
): Promise<{ counts: BackupCounts; ended: boolean }> {
  const counts: BackupCounts = {};
  let current: string | undefined;
  let left = 0;
  let ended = false;
  let first = true;
  for await (const line of lines) {
    if (first || ended) {
      first = false;
      continue;
    }
    if (left > 0) {
      left--;
      counts[current!]!++;
      continue;
    }
    let parsed: { table?: string; rows?: number; end?: boolean };
    try {
      parsed = JSON.parse(line) as typeof parsed;
    } catch {
      // JSON.parse's own message quotes the line, which may be someone's data.
      throw new BackupError("a line of the backup is not JSON");
    }
    if (parsed.end) {
      ended = true;
      continue;
    }
    current = String(parsed.table);
    counts[current] = 0;
    left = parsed.rows ?? 0;
  }
  return { counts, ended: ended && left === 0 };
}
