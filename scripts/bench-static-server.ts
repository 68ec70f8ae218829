/**
 * The bench's baseline: the least a node:http server can do to send what our server sends. It
 * answers each saved route with the very response our server gave, already compressed: the same
 * body bytes and the same header list, names, values and order (Content-Security-Policy with its
 * script hashes, the security headers, ETag, Cache-Control, Vary, Content-Encoding), written with
 * one `writeHead(status, list)` and one `end(body)`. Node adds Date, Connection and Keep-Alive to
 * both alike. It picks the encoding by a plain substring test (the bench sends one fixed
 * Accept-Encoding), so it does no work our server need not do (docs/decisions/036).
 *
 *   node scripts/bench-static-server.ts <folder> <port> [--few-headers]
 *
 * Plain JavaScript under erasable type annotations: Node 22 runs it as is, with no loader (tsx's
 * module hooks would sit in the baseline's process and not in ours).
 *
 * The folder holds manifest.json:
 *   { "<path>": { "answers": { "<encoding>": { "file": "<body file>", "headers": [name, value, …] } } } }
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";

type Encoding = "br" | "gzip" | "identity";
export interface StaticManifest {
  [urlPath: string]: { answers: Partial<Record<Encoding, { file: string; headers: string[] }>> };
}

const [folder, port, shape] = process.argv.slice(2);
if (!folder || !port || (shape !== undefined && shape !== "--few-headers")) {
  console.error("usage: bench-static-server.ts <folder> <port> [--few-headers]");
  process.exit(2);
}
/**
 * --few-headers: the body's own headers alone (type, encoding, length), as a bare server written
 * by hand sends them: the first baseline of an outside measurement (issue 40), reported beside
 * the fair one for comparison.
 */
const FEW = new Set(["content-type", "content-encoding", "content-length"]);
const few = (headers: string[]) =>
  headers.flatMap((value, i) =>
    i % 2 === 0 && FEW.has(value.toLowerCase()) ? [value, headers[i + 1]!] : [],
  );

const manifest = JSON.parse(
  readFileSync(path.join(folder, "manifest.json"), "utf8"),
) as StaticManifest;
// Everything is read into memory once: the baseline is a server that only writes bytes.
const pages = new Map(
  Object.entries(manifest).map(([urlPath, entry]) => [
    urlPath,
    Object.fromEntries(
      Object.entries(entry.answers).map(([encoding, answer]) => [
        encoding,
        {
          headers: shape ? few(answer.headers) : answer.headers,
          body: readFileSync(path.join(folder, answer.file)),
        },
      ]),
    ) as Partial<Record<Encoding, { headers: string[]; body: Buffer }>>,
  ]),
);

createServer((req, res) => {
  const page = pages.get(req.url ?? "/");
  if (!page) {
    res.writeHead(404, ["content-type", "text/plain"]).end("Not found");
    return;
  }
  const accepted = req.headers["accept-encoding"] ?? "";
  const answer =
    (accepted.includes("br") && page.br) ||
    (accepted.includes("gzip") && page.gzip) ||
    page.identity!;
  res.writeHead(200, answer.headers);
  res.end(answer.body);
}).listen(Number(port), "127.0.0.1", () => console.log(`static baseline on :${port}`));
// The bench stops it with SIGTERM; exiting on it lets `node --cpu-prof` write its profile.
process.on("SIGTERM", () => process.exit(0));
