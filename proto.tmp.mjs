import postcss from "postcss";
import zlib from "node:zlib";
const br = (s) => zlib.brotliCompressSync(Buffer.from(s), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
for (const r of process.argv.slice(2)) {
  const h = await (await fetch("http://localhost:3111" + r)).text();
  const css = h.match(/<style data-href="[^"]*" data-partial="">([\s\S]*?)<\/style>/)[1];
  const tags = new Set([...h.matchAll(/<([a-z][a-z0-9-]*)/g)].map((m) => m[1]));
  for (const t of ["html", "body", "dialog", "iframe", "video", "section", "ol", "li", "p", "a", "button", "svg", "path", "aside", "div", "span"]) tags.add(t);
  const root = postcss.parse(css);
  // 1. element selectors
  root.walkRules((rule) => {
    if (rule.parent?.type === "atrule" && /keyframes/.test(rule.parent.name)) return;
    const kept = rule.selectors.filter((s) => {
      const bare = s.replace(/:not\([^)]*\)/g, "").replace(/\[[^\]]*\]/g, "").replace(/\\./g, "");
      const elements = [...bare.matchAll(/(?:^|[\s>+~(,])([a-z][a-z0-9-]*)/g)].map((m) => m[1]);
      return elements.every((e) => tags.has(e));
    });
    if (!kept.length) rule.remove(); else rule.selectors = kept;
  });
  const afterTags = root.toString();
  // 2. custom properties: keep those referenced (transitively)
  const used = new Set();
  const refs = (text) => [...text.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]);
  const defs = new Map();
  root.walkDecls((d) => { if (d.prop.startsWith("--")) { (defs.get(d.prop) ?? defs.set(d.prop, []).get(d.prop)).push(d.value); } });
  root.walkDecls((d) => { if (!d.prop.startsWith("--")) refs(d.value).forEach((v) => used.add(v)); });
  // also utilities that set --tw-* and reference them... transitive closure
  let changed = true;
  while (changed) { changed = false; for (const v of [...used]) for (const val of defs.get(v) ?? []) for (const r2 of refs(val)) if (!used.has(r2)) { used.add(r2); changed = true; } }
  // style attributes in html
  for (const m of h.matchAll(/style="([^"]*)"/g)) refs(m[1]).forEach((v) => used.add(v));
  root.walkDecls((d) => { if (d.prop.startsWith("--") && !used.has(d.prop) && d.parent.type === "rule" && /:root|\*|::backdrop/.test(d.parent.selector)) d.remove(); });
  root.walkAtRules("property", (a) => { if (!used.has(a.params.trim())) a.remove(); });
  const out = root.toString();
  console.log(r, "css", css.length, "tags->", afterTags.length, "vars->", out.length, "| page br", br(h), "->", br(h.replace(css, afterTags)), "->", br(h.replace(css, out)));
}
