/**
 * After `react-router build`: writes a brotli (.br, quality 11) and a gzip (.gz, by Zopfli, about
 * 3% smaller than zlib's best and readable by every gzip decoder) copy beside every compressible
 * browser file, which server/http/static-files.ts sends to browsers that accept them. Copies that would
 * not be smaller are not written.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import { COMPRESSIBLE } from "../server/http/static-files";
import { buildDir } from "./build-dir";

const root = path.join(buildDir, "client");
let count = 0;
let before = 0;
let after = 0;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(file);
    return COMPRESSIBLE.test(entry.name) && statSync(file).size > 256 ? [file] : [];
  });
}

async function compress(file: string) {
  const raw = readFileSync(file);
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = Buffer.from(await gzipAsync(raw, { numiterations: 8 }));
  if (br.length < raw.length) writeFileSync(`${file}.br`, br);
  if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
  count += 1;
  before += raw.length;
  after += Math.min(br.length, raw.length);
}

for (const file of walk(root)) await compress(file);
console.log(
  `compressed ${count} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB (brotli)`,
);
