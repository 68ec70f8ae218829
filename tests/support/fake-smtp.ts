import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** An SMTP server on loopback that keeps what it receives, for the mail tests. */
export interface FakeSmtp {
  port: number;
  messages: { to: string[]; raw: string }[];
  setMode(mode: "accept" | "reject" | "tempfail"): void;
  close(): Promise<void>;
}

export async function startFakeSmtp(port = 0): Promise<FakeSmtp> {
  let mode: "accept" | "reject" | "tempfail" = "accept";
  const messages: FakeSmtp["messages"] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk) => (raw += chunk));
      stream.on("end", () => {
        if (mode === "reject") {
          const err = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
          return callback(err);
        }
        if (mode === "tempfail") {
          const err = Object.assign(new Error("Try again later"), { responseCode: 451 });
          return callback(err);
        }
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    messages,
    setMode: (next) => (mode = next),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
