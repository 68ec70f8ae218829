import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/** A port nobody is listening on, so runs never collide with a running `npm start`. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
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
 * How the built server is started, with the node flags of `npm run serve` (package.json is the
 * one place they are written): tests and the bench run the server exactly as production does.
 */
export function serverArgs(): string[] {
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { serve: string } };
  const words = pkg.scripts.serve.split(/\s+/);
  return words.slice(words.indexOf("node") + 1);
}
