import { readFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";
const html = readFileSync(process.argv[2], "utf8");
const br = (s) => brotliCompressSync(Buffer.from(s), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
// cut points: each top-level tag start we care about
const marks = [];
const re = /<(style|script|header|nav|main|section|footer|div id="consent|svg|template|link|meta|ul|picture|img|form|dialog)\b[^>]*>/g;
let m;
while ((m = re.exec(html))) marks.push([m.index, m[0].slice(0, 70)]);
marks.push([html.length, "END"]);
let prev = 0, prevSize = 0, prevLabel = "start";
const rows = [];
for (const [at, label] of marks) {
  const size = br(html.slice(0, at));
  rows.push([size - prevSize, at - prev, prevLabel]);
  prev = at; prevSize = size; prevLabel = label;
}
rows.filter((r) => r[0] > 150).forEach((r) => console.log(String(r[0]).padStart(6), String(r[1]).padStart(7), r[2]));
console.log("total", br(html));
