import { randomBytes } from "node:crypto";
import { chmodSync, readdirSync, renameSync, rmSync } from "node:fs";
import { type Server, type Socket, connect, createServer } from "node:net";
import path from "node:path";

/**
 * One process per embedded database: PGlite has no locking of its own, and two processes writing
 * one directory corrupt it. The lock is a Unix socket listening in DATA_DIR, so the operating
 * system releases it when the process dies, however it dies (kill -9, a forced exit, a power cut).
 * A pid in a file cannot do that: in a container the next start is pid 1 again, the same number.
 *
 * Each process listens on a name of its own that is never reused, then asks every other socket
 * there whether someone answers. A name nobody answers on is dead for good and is removed; if
 * anyone answers, this process gives way. Two processes starting together cannot both win: each
 * looks only after it is listening, so whichever looks second sees the other. They may both give
 * way, so a start that met only a rival (no owner before it) waits a moment and tries again.
 *
 * A socket is bound before it listens, and a probe in between is refused as if its owner were
 * dead. So each process binds under a name no one probes and gives the socket its lock name only
 * once it is listening: a name under the prefix is always either answered or dead for good.
 */

const PREFIX = "pglite-";
/** Same length as PREFIX, so a DATA_DIR short enough for one is short enough for the other. */
const BINDING = "binding";
const SUFFIX = ".lock";
const ATTEMPTS = 5;

export class DataDirInUse extends Error {
  override name = "DataDirInUse";
}

/**
 * What the lock's socket does with a connection once the lock is held. By default nothing: a
 * rival probing only needs to connect. The site sets a handler so the operator's commands can ask
 * it to do their work (server/operations/commands/, docs/decisions/034).
 */
export type LockConnectionHandler = (socket: Socket) => void;

export interface DataDirLock {
  release(): void;
  /** Answers later connections with `handler` (a probe that sends nothing is closed by it). */
  serve(handler: LockConnectionHandler): void;
}

/** Takes the lock on `dir`; resolves with the held lock, or rejects with DataDirInUse. */
export async function takeDataDirLock(dir: string): Promise<DataDirLock> {
  for (let attempt = 1; ; attempt++) {
    const name = `${process.pid}-${randomBytes(6).toString("hex")}${SUFFIX}`;
    const own = path.join(dir, PREFIX + name);
    const lock = { handler: ((socket) => socket.destroy()) as LockConnectionHandler };
    const server = await listenOn(path.join(dir, BINDING + name), own, (socket) =>
      lock.handler(socket),
    );
    const rivals = await liveRivals(dir, own);
    if (rivals.length === 0) {
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          server.close();
          rmSync(own, { force: true });
        },
        serve(handler) {
          lock.handler = handler;
        },
      };
    }
    server.close();
    rmSync(own, { force: true });
    // A rival that was there before this process is the owner. One that only arrived with it may
    // be giving way too: try again after a random pause, unless it has kept the lock.
    if (attempt >= ATTEMPTS || (await liveRivals(dir, own)).length > 0) {
      throw new DataDirInUse(
        `another process is using it (lock ${rivals[0]}); stop that process first, or give ` +
          `this one its own DATA_DIR`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 100 * attempt));
  }
}

/** Listens on `file`, then moves the listening socket to `final`. */
function listenOn(
  file: string,
  final: string,
  onConnection: LockConnectionHandler,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(onConnection);
    server.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "EINVAL" || error.code === "ENAMETOOLONG"
          ? new Error(
              `the lock's path ${file} is too long for a Unix socket (about 100 bytes at most): ` +
                `use a shorter DATA_DIR`,
            )
          : error,
      );
    });
    server.listen(file, () => {
      // Whoever may connect may ask the site for a backup of everything: the socket's owner
      // only, as for the database's own files.
      try {
        chmodSync(file, 0o600);
        renameSync(file, final);
      } catch (error) {
        server.close();
        rmSync(file, { force: true });
        reject(error as Error);
        return;
      }
      // The lock must not keep the process alive on its own.
      server.unref();
      resolve(server);
    });
  });
}

/**
 * The live lock socket of the process holding `dir`, if one does (the running site): the commands
 * send their work there instead of opening the embedded database themselves.
 */
export async function liveOwner(dir: string): Promise<string | undefined> {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.startsWith(PREFIX) && n.endsWith(SUFFIX));
  } catch {
    return undefined;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    if ((await probe(file)) === "live") return file;
  }
  return undefined;
}

/** The other lock sockets in `dir` that someone answers on; dead ones are removed on the way. */
async function liveRivals(dir: string, own: string): Promise<string[]> {
  const names = readdirSync(dir).filter((n) => n.startsWith(PREFIX) && n.endsWith(SUFFIX));
  const live: string[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    if (file === own) continue;
    const state = await probe(file);
    if (state === "live") live.push(file);
    // Names are never reused, so a socket nobody listens on can never come back to life.
    else if (state === "dead") rmSync(file, { force: true });
  }
  return live;
}

function probe(file: string): Promise<"live" | "dead" | "gone"> {
  return new Promise((resolve) => {
    const socket = connect(file);
    socket.once("connect", () => {
      socket.destroy();
      resolve("live");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      socket.destroy();
      if (error.code === "ENOENT") resolve("gone");
      else if (error.code === "ECONNREFUSED") resolve("dead");
      // Anything else (no permission, say) cannot prove the owner is gone: count it as present.
      else resolve("live");
    });
  });
}
