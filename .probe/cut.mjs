import { readFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";
const html = readFileSync(process.argv[2], "utf8");
const br = (s) => brotliCompressSync(Buffer.from(s), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const total = br(html);
// element spans: find start by marker, then matching close tag by depth counting
function span(marker) {
  const i = html.indexOf(marker); if (i < 0) return null;
  const tag = /^<([a-z0-9-]+)/.exec(html.slice(i))[1];
  const re = new RegExp(`<${tag}\\b|</${tag}>`, "g"); re.lastIndex = i; let depth = 0, m;
  while ((m = re.exec(html))) { if (m[0].startsWith("</")) { depth--; if (depth === 0) return [i, re.lastIndex]; } else depth++; }
}
for (const marker of process.argv.slice(3)) {
  const s = span(marker); if (!s) { console.log("not found", marker); continue; }
  const cut = html.slice(0, s[0]) + html.slice(s[1]);
  console.log(String(total - br(cut)).padStart(6), String(s[1] - s[0]).padStart(7), marker);
}
console.log("total", total);
