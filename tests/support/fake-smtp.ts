import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * An SMTP server on loopback that keeps what it receives, for the mail tests. Modes besides
 * accept: "reject" (550 for this message), "tempfail" (451), "bad-password" (535 to AUTH, as
 * after a changed SMTP password), "quota" (550 with a provider's quota text).
 */
export type FakeSmtpMode = "accept" | "reject" | "tempfail" | "bad-password" | "quota";

export interface FakeSmtp {
  port: number;
  messages: { to: string[]; raw: string }[];
  setMode(mode: FakeSmtpMode): void;
  close(): Promise<void>;
}

export async function startFakeSmtp(port = 0): Promise<FakeSmtp> {
  let mode: FakeSmtpMode = "accept";
  const messages: FakeSmtp["messages"] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (mode === "bad-password") {
        const err = Object.assign(new Error("Authentication credentials invalid"), {
          responseCode: 535,
        });
        return callback(err);
      }
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk) => (raw += chunk));
      stream.on("end", () => {
        if (mode === "reject") {
          const err = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
          return callback(err);
        }
        if (mode === "quota") {
          const err = Object.assign(new Error("5.4.5 Daily user sending quota exceeded"), {
            responseCode: 550,
          });
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
  // A site killed in the middle of a message resets its connection; smtp-server reports that as
  // an "error" event, which with no listener ends the whole process, and with it every fake the
  // rest of the suite relies on. A real mail server shrugs and drops that message; so does this.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    messages,
    setMode: (next) => (mode = next),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
