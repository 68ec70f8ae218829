import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/** Ports this process has handed out: the system may offer a just-closed one again. */
const handedOut = new Set<number>();

/**
 * A port nobody is listening on, so runs never collide with a running `npm start`; never one
 * this process handed out before (two of the run's servers on one port end it with EADDRINUSE).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => {
        const address = server.address();
        server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/** Whether the site at `url` answers its health check (false while it starts, or once it stopped). */
export function answersHealth(url: string): Promise<boolean> {
  return fetch(`${url}/healthz`)
    .then((r) => r.ok)
    .catch(() => false);
}

/** Flags Debian's Chromium needs here: root, no GPU, and no calls home on a closed network. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * How the built server is started, with the node flags of bin/serve (the one place they are
 * written; `npm run serve` calls it): tests and the bench run the server exactly as production does.
 */
export function serverArgs(): string[] {
  const script = readFileSync("bin/serve", "utf8");
  const line = /^exec node (.*)$/m.exec(script)?.[1];
  if (!line) throw new Error("bin/serve has no `exec node …` line");
  const flags = line.split(/\s+/).filter((w) => w.startsWith("--"));
  return [...flags, "build/node/main.js"];
}
