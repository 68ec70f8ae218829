import { readFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";
import postcss from "postcss";
const html = readFileSync(process.argv[2], "utf8");
const css = /<style data-href[^>]*>([\s\S]*?)<\/style>/.exec(html)[1];
const br = (s) => brotliCompressSync(Buffer.from(s), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const total = br(html);
const root = postcss.parse(css);
// marginal cost of removing each top-level node (and each child of @layer utilities in groups)
const rows = [];
root.each((node) => {
  const without = html.replace(css, css.replace(node.toString(), ""));
  rows.push([total - br(without), node.toString().length, node.type === "atrule" ? `@${node.name} ${node.params}` : (node.selector ?? node.type)]);
});
rows.forEach((r) => console.log(String(r[0]).padStart(6), String(r[1]).padStart(7), r[2].slice(0, 80)));
const layer = (name) => root.nodes.find((n) => n.type === "atrule" && n.name === "layer" && n.params === name);
for (const name of ["base", "components", "utilities"]) {
  const l = layer(name); if (!l) continue;
  const items = [];
  l.each((node) => {
    const s = node.toString();
    const without = html.replace(css, css.replace(s, ""));
    items.push([total - br(without), s.length, (node.selector ?? `@${node.name} ${node.params}`)]);
  });
  items.sort((a, b) => b[0] - a[0]);
  console.log(`-- ${name}: top`);
  items.slice(0, Number(process.argv[3] ?? 25)).forEach((r) => console.log(String(r[0]).padStart(6), String(r[1]).padStart(7), r[2].slice(0, 90)));
}
