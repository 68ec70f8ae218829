/**
 * The bench's baseline: the least a web server can do to answer the same pages. It serves files
 * saved by scripts/bench.ts from one folder, already compressed, choosing the encoding the way
 * our server does (br, then gzip, then none). No rendering, no headers beyond the essentials.
 *
 *   node --import tsx scripts/bench-static-server.ts <folder> <port>
 *
 * The folder holds manifest.json: { "<path>": { "type": "...", "files": { "<encoding>": "<file>" } } }
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";

export interface StaticManifest {
  [urlPath: string]: { type: string; files: Partial<Record<"br" | "gzip" | "identity", string>> };
}

const [folder, port] = process.argv.slice(2);
if (!folder || !port) {
  console.error("usage: bench-static-server.ts <folder> <port>");
  process.exit(2);
}

const manifest = JSON.parse(
  readFileSync(path.join(folder, "manifest.json"), "utf8"),
) as StaticManifest;
// Everything is read into memory once: the baseline is a server that only writes bytes.
const pages = new Map(
  Object.entries(manifest).map(([urlPath, entry]) => [
    urlPath,
    {
      type: entry.type,
      bodies: Object.fromEntries(
        Object.entries(entry.files).map(([encoding, file]) => [
          encoding,
          readFileSync(path.join(folder, file)),
        ]),
      ) as Partial<Record<"br" | "gzip" | "identity", Buffer>>,
    },
  ]),
);

createServer((req, res) => {
  const page = pages.get((req.url ?? "/").split("?")[0]!);
  if (!page) {
    res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
    return;
  }
  const accepted = String(req.headers["accept-encoding"] ?? "");
  const encoding =
    (["br", "gzip"] as const).find(
      (e) => page.bodies[e] && new RegExp(`\\b${e}\\b`).test(accepted),
    ) ?? "identity";
  const body = page.bodies[encoding] ?? page.bodies.identity!;
  res.writeHead(200, {
    "Content-Type": page.type,
    "Content-Length": body.length,
    Vary: "Accept-Encoding",
    ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
  });
  res.end(body);
}).listen(Number(port), "127.0.0.1", () => console.log(`static baseline on :${port}`));
