/**
 * Cuts the headings' font out of @fontsource-variable/fraunces: one weight and only the characters
 * the site's headings need, written to app/fonts/ for Vite to hash. Run by `npm run build` and
 * `npm run dev`; by hand: `node --import tsx scripts/build-font.ts`.
 *
 * The @font-face rule in app/app.css that points at the file is the one source of truth: its
 * `font-weight` is the weight pinned from the variable font's axis, its `unicode-range` the
 * characters kept. The browser uses the fallback for anything outside that range, so the file and
 * the rule can never disagree. Fontsource's Latin file is 37 KB for every weight from 100 to 900
 * and about 250 characters; the headings use weight 600 and plain Latin text (decision 017).
 *
 * Skipped when the output was made from the same source file, rule and version of this script.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const css = path.join(root, "app/app.css");
const source = path.join(
  root,
  "node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2",
);

/** The @font-face rule whose src is under ./fonts/, with the declarations this script needs. */
export function fontFaceRule(stylesheet: string): { file: string; weight: number; range: string } {
  const rule = stylesheet.match(/@font-face\s*{[^}]*url\("\.\/fonts\/[^}]*}/)?.[0];
  if (!rule) throw new Error("app/app.css has no @font-face with a src under ./fonts/");
  const file = rule.match(/url\("\.\/fonts\/([^"]+)"\)/)?.[1];
  const weight = Number(rule.match(/font-weight:\s*(\d+)\s*;/)?.[1]);
  const range = rule.match(/unicode-range:([^;]+);/)?.[1];
  if (!file || !Number.isInteger(weight) || !range) {
    throw new Error("the ./fonts/ @font-face needs a src, one font-weight and a unicode-range");
  }
  return { file, weight, range: range.replace(/\s+/g, " ").trim() };
}

/** The characters of a CSS unicode-range ("U+0020-007E, U+00A0, ..."), as one string. */
export function charactersOf(range: string): string {
  let text = "";
  for (const part of range.split(",")) {
    const m = part.trim().match(/^U\+([0-9A-F]{1,6})(?:-([0-9A-F]{1,6}))?$/i);
    if (!m) throw new Error(`not a unicode-range item: "${part.trim()}"`);
    const first = parseInt(m[1] ?? "", 16);
    const last = m[2] ? parseInt(m[2], 16) : first;
    if (last < first) throw new Error(`unicode-range item runs backwards: "${part.trim()}"`);
    for (let c = first; c <= last; c++) text += String.fromCodePoint(c);
  }
  return text;
}

async function main() {
  const { file, weight, range } = fontFaceRule(readFileSync(css, "utf8"));
  const outDir = path.join(root, "app/fonts");
  const out = path.join(outDir, file);
  const stampFile = `${out}.stamp`;
  const { size, mtimeMs } = statSync(source);
  const stamp = JSON.stringify({
    size,
    mtimeMs,
    weight,
    range,
    script: statSync(fileURLToPath(import.meta.url)).mtimeMs,
  });
  if (existsSync(out) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) {
    console.log(`font: ${file} is up to date`);
    return;
  }
  const font = await subsetFont(readFileSync(source), charactersOf(range), {
    targetFormat: "woff2",
    variationAxes: { wght: weight },
  });
  mkdirSync(outDir, { recursive: true });
  writeFileSync(out, font);
  writeFileSync(stampFile, stamp);
  console.log(
    `font: ${file}, weight ${weight}, ${(font.length / 1024).toFixed(1)} KB (from ${(size / 1024).toFixed(1)} KB)`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
