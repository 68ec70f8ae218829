import { closeSync, openSync, readSync } from "node:fs";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { Decrypter, Encrypter } from "age-encryption";
import { BackupError } from "./format";

/**
 * Backups encrypted with age (docs/decisions/034), by `age-encryption`, the TypeScript
 * implementation by age's author: a file any `age` or `rage` opens with the practice's key, and
 * that the site, which holds only the public key, cannot read.
 */

/** The first line of every age file (age-encryption.org/v1). */
const AGE_MAGIC = "age-encryption.org/v1\n";

/**
 * Why `recipient` cannot be used, in words for the log and /status (never the value itself:
 * someone may have pasted the secret key), or undefined when it is an age public key.
 */
export function ageRecipientProblem(recipient: string): string | undefined {
  if (/^AGE-SECRET-KEY-/i.test(recipient))
    return (
      "BACKUP_AGE_RECIPIENT holds an age secret key: set the public key (age1…) instead, and " +
      "keep the secret key off the server"
    );
  try {
    if (!recipient.startsWith("age1")) throw new Error("not age1");
    new Encrypter().addRecipient(recipient);
    return undefined;
  } catch {
    return "BACKUP_AGE_RECIPIENT is not an age public key (age1…, as age-keygen prints it)";
  }
}

/** The bytes of `input`, encrypted for `recipient` (checked by ageRecipientProblem first). */
export async function encryptStream(input: Readable, recipient: string): Promise<Readable> {
  const encrypter = new Encrypter();
  encrypter.addRecipient(recipient);
  const sealed = await encrypter.encrypt(
    Readable.toWeb(input) as unknown as ReadableStream<Uint8Array>,
  );
  return Readable.fromWeb(sealed as unknown as WebReadableStream<Uint8Array>);
}

/** Whether `file` is an age file (starts with age's first line). */
export function isAgeFile(file: string): boolean {
  const head = Buffer.alloc(AGE_MAGIC.length);
  const fd = openSync(file, "r");
  try {
    const read = readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, read).toString("latin1") === AGE_MAGIC;
  } finally {
    closeSync(fd);
  }
}

/**
 * The secret keys in a key file as age-keygen writes it (comment lines, then one
 * AGE-SECRET-KEY-1… line). `keyFile` names the file in the messages.
 */
export function identitiesIn(text: string, keyFile: string): string[] {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
  const keys = lines.filter((l) => /^AGE-SECRET-KEY-/i.test(l)).map((l) => l.toUpperCase());
  if (keys.length === 0) {
    throw new BackupError(
      lines.some((l) => l.startsWith("age1"))
        ? `${keyFile} holds a public key (age1…), which only locks backups. Give the file with ` +
            `the secret key, the line starting AGE-SECRET-KEY-1 that age-keygen wrote.`
        : `${keyFile} holds no age secret key (a line starting AGE-SECRET-KEY-1, as age-keygen ` +
            `writes it).`,
    );
  }
  for (const key of keys) {
    try {
      new Decrypter().addIdentity(key);
    } catch {
      throw new BackupError(
        `${keyFile} holds a line starting AGE-SECRET-KEY- that is not a whole age secret key ` +
          `(cut short or mistyped?).`,
      );
    }
  }
  return keys;
}

/**
 * The plaintext of the age file `input`. The file's header is read before this resolves, so a
 * key that does not open it fails here, with words rather than the library's.
 */
export async function decryptStream(input: Readable, identities: string[]): Promise<Readable> {
  const decrypter = new Decrypter();
  for (const identity of identities) decrypter.addIdentity(identity);
  let plain: ReadableStream<Uint8Array>;
  try {
    plain = await decrypter.decrypt(Readable.toWeb(input) as unknown as ReadableStream<Uint8Array>);
  } catch (error) {
    const message = (error as Error).message;
    throw new BackupError(
      /no identity matched/.test(message)
        ? "The key does not open this backup: it was encrypted for another age key. Nothing was " +
            "restored."
        : "The encrypted backup is damaged: its age header could not be read. Nothing was restored.",
    );
  }
  return Readable.fromWeb(plain as unknown as WebReadableStream<Uint8Array>);
}
