import { once } from "node:events";
import { type Socket, connect } from "node:net";
import type { Config } from "../../config";
import type { Database } from "../../db/client";

/**
 * The operator's commands (backup, export, deliveries) while the site runs on the embedded
 * database (docs/decisions/034). PGlite serves one process, so a command cannot open it: it
 * connects to the site's data-dir lock socket (docs/decisions/023) and the site does the work on
 * its own connection, streaming the output back. The socket is its owner's only (mode 0600), the
 * same person who may read the database's files; nothing else authenticates.
 *
 * The command sends one line of JSON, {"command":…,"args":[…]}. The site answers in frames: one
 * byte of kind, four of length, then the bytes. Kind 1 is output (the CSV, the backup's gzip),
 * 2 a line for the operator, 3 the end: JSON {code, result}.
 */

export type CommandName = "backup" | "export" | "deliveries";
const COMMANDS: readonly CommandName[] = ["backup", "export", "deliveries"];

export interface CommandIo {
  /** The command's output; resolves when it may be given more (backpressure). */
  out(chunk: string | Uint8Array): Promise<void>;
  /** A line for the person running the command (standard error). */
  err(line: string): void;
}

export interface CommandContext {
  database: Database;
  config: Config;
  /** true when the running site does the work for a command (it yields between reads) */
  inSite: boolean;
}

export interface CommandOutcome {
  code: number;
  /** what the command's own process needs to word its last line (a backup's counts) */
  result?: unknown;
}

export type CommandRunner = (
  context: CommandContext,
  args: string[],
  io: CommandIo,
) => Promise<CommandOutcome>;

const OUT = 1;
const ERR = 2;
const END = 3;
/** The request is one short line; anything longer is not a command. */
const MAX_REQUEST = 64 * 1024;

function frame(kind: number, payload: Uint8Array): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt8(kind, 0);
  head.writeUInt32BE(payload.length, 1);
  return Buffer.concat([head, payload]);
}

/** Writes to `socket`, waiting while its buffer is full; fails once the other end has gone. */
async function send(socket: Socket, bytes: Buffer) {
  if (socket.destroyed) throw new Error("the command went away");
  if (!socket.write(bytes)) {
    await Promise.race([
      once(socket, "drain"),
      once(socket, "close").then(() => {
        throw new Error("the command went away");
      }),
    ]);
  }
}

/**
 * The site's side: answers one connection to the lock socket. A probe (another process checking
 * whether the lock is held) sends nothing and closes; that ends here quietly.
 */
export function serveCommand(
  socket: Socket,
  context: Omit<CommandContext, "inSite">,
  runners: Record<CommandName, () => Promise<CommandRunner>>,
  onError: (error: unknown) => void,
) {
  socket.on("error", () => {});
  let buffered = Buffer.alloc(0);
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    const newline = buffered.indexOf(10);
    if (newline === -1) {
      if (buffered.length > MAX_REQUEST) socket.destroy();
      return;
    }
    socket.off("data", onData);
    socket.pause();
    void answer(buffered.subarray(0, newline).toString("utf8"));
  };
  socket.on("data", onData);

  async function answer(line: string) {
    let outcome: CommandOutcome = { code: 1 };
    const io: CommandIo = {
      out: (chunk) => send(socket, frame(OUT, Buffer.from(chunk))),
      err: (text) => void send(socket, frame(ERR, Buffer.from(text))).catch(() => {}),
    };
    try {
      const request = JSON.parse(line) as { command?: unknown; args?: unknown };
      const name = request.command as CommandName;
      const args = request.args;
      if (
        !COMMANDS.includes(name) ||
        !Array.isArray(args) ||
        !args.every((a) => typeof a === "string")
      ) {
        io.err("The site does not know that command.");
        outcome = { code: 2 };
      } else {
        const run = await runners[name]();
        outcome = await run({ ...context, inSite: true }, args, io);
      }
    } catch (error) {
      onError(error);
      io.err(`The site could not finish the command (${(error as Error).name}).`);
      outcome = { code: 1 };
    }
    try {
      await send(socket, frame(END, Buffer.from(JSON.stringify(outcome))));
      socket.end();
    } catch {
      socket.destroy();
    }
  }
}

/**
 * The command's side: asks the site listening on `socketFile` to run `command`, passing its
 * output to `out` and its lines to `err`. Resolves with the site's outcome; a connection that
 * ends without one is a failure (the site stopped midway).
 */
export function askSite(
  socketFile: string,
  command: CommandName,
  args: string[],
  io: { out(chunk: Buffer): Promise<void> | void; err(line: string): void },
): Promise<CommandOutcome> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketFile);
    let buffered = Buffer.alloc(0);
    let outcome: CommandOutcome | undefined;
    let chain = Promise.resolve();
    socket.once("connect", () => {
      socket.write(`${JSON.stringify({ command, args })}\n`);
    });
    socket.on("data", (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 5) {
        const length = buffered.readUInt32BE(1);
        if (buffered.length < 5 + length) break;
        const kind = buffered.readUInt8(0);
        const payload = buffered.subarray(5, 5 + length);
        buffered = buffered.subarray(5 + length);
        if (kind === OUT) {
          const written = io.out(payload);
          if (written) {
            // The file or terminal is slower than the socket: stop reading until it catches up.
            socket.pause();
            chain = chain.then(() => written).then(() => void socket.resume());
          }
        } else if (kind === ERR) io.err(payload.toString("utf8"));
        else if (kind === END) outcome = JSON.parse(payload.toString("utf8")) as CommandOutcome;
      }
    });
    socket.once("error", reject);
    socket.once("close", () => {
      void chain.then(() =>
        outcome
          ? resolve(outcome)
          : reject(new Error("the site closed the connection before the command finished")),
      );
    });
  });
}
