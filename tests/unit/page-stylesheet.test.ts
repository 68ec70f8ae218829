import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  needs,
  markupTokens,
  pageStylesheets,
  shortClassNames,
  stylesheetFor,
} from "../../server/http/pages/page-stylesheet";

const css =
  "@layer theme,base,utilities;" +
  "@layer base{h1{margin:0}table{border:0}:where(select:is([multiple])) optgroup{margin:0}" +
  "html:lang(en){quotes:auto}.prose p{margin:1em}}" +
  ":root{--color-a:red;--color-b:blue;--spacing:4px;--unused:1px}" +
  "@property --tw-shadow{syntax:'*';inherits:false}@property --tw-blur{syntax:'*';inherits:false}" +
  "*,:before,:after{--tw-shadow:0 0 #0000;--tw-blur:0}" +
  "@layer utilities{.flex{display:flex;gap:var(--spacing)}.grid{display:grid}" +
  ".shadow{--tw-shadow:0 1px var(--color-a);box-shadow:var(--tw-shadow)}" +
  ".md\\:grid-cols-2{grid-template-columns:1fr 1fr}" +
  "@media (width>=48rem){.md\\:flex{display:flex}.md\\:block{display:block}}" +
  ".before\\:content-\\[\\'\\'\\]:before{content:''}" +
  ".\\32 xl\\:hidden{display:none}" +
  ":where(.space-y-2>:not(:last-child)){margin:0}" +
  ".a:not(.b){color:red}.c,.d{color:blue}}" +
  "@keyframes spin{from{rotate:0}to{rotate:1turn}}" +
  "@font-face{font-family:X;src:url(x.woff2)}";

const classesIn = (selector: string) => needs(selector).classes;
/** A page with the whole stylesheet inline, as the server renders it, around `body`. */
const pageWith = (body: string) =>
  `<html><head><style data-href="/assets/app-1.css">${css}</style></head><body>${body}</body></html>`;

describe("a page's own part of the stylesheet (server/http/pages/page-stylesheet.ts)", () => {
  it("reads the classes a selector needs, escapes undone, what :not() names left out", () => {
    expect(needs("ul>li.a:not(p) a:is(b, .c)")).toEqual({
      classes: ["a", "c"],
      elements: ["ul", "li", "a", "b"],
      inputTypes: [],
    });
    expect(needs("::file-selector-button").inputTypes).toEqual(["file"]);
    expect(needs("::-webkit-datetime-edit-day-field").inputTypes).toContain("date");
    expect(needs("input:not(::-webkit-search-decoration)").inputTypes).toEqual([]);
    expect(classesIn(".md\\:grid-cols-2")).toEqual(["md:grid-cols-2"]);
    expect(classesIn(".before\\:content-\\[\\'\\'\\]:before")).toEqual(["before:content-['']"]);
    expect(classesIn(".\\32 xl\\:hidden")).toEqual(["2xl:hidden"]);
    expect(classesIn(".w-\\[calc\\(100vw-2rem\\)\\]")).toEqual(["w-[calc(100vw-2rem)]"]);
    expect(classesIn(".a:not(.b)")).toEqual(["a"]);
    expect(classesIn(":is(:where(.group)[aria-expanded=true] *)")).toEqual(["group"]);
    expect(classesIn("h1")).toEqual([]);
  });

  it("keeps the rules the page can use and every rule without a class", () => {
    const out = stylesheetFor(
      css,
      new Set(["flex", "md:block", "a", "d", "2xl:hidden", "<h1", "<p", "<optgroup"]),
    );
    expect(out).toContain("h1{margin:0}");
    expect(out).not.toContain("table{"); // no table on the page
    expect(out).not.toContain("optgroup"); // an optgroup, but no select
    expect(out).toContain("html:lang(en)"); // "en" is a language, html is always there
    expect(out).toContain(".flex{display:flex;");
    expect(out).toContain(".md\\:block{display:block}");
    expect(out).toContain(".\\32 xl\\:hidden");
    expect(out).toContain(".a:not(.b)");
    expect(out).toContain("@keyframes spin");
    expect(out).toContain("@font-face");
    expect(out).not.toContain("space-y-2"); // not on the page
    expect(out).not.toContain(".grid{");
    expect(out).not.toContain(".md\\:flex");
    expect(out).not.toContain(".prose p");
    // of a selector list, only the usable part stays
    expect(out).toContain(".d{color:blue}");
    expect(out).not.toContain(".c");
  });

  it("keeps the custom properties something left reads, and those a page or script reads", () => {
    const plain = stylesheetFor(css, new Set(["flex"]));
    expect(plain).toContain("--spacing:4px");
    expect(plain).not.toContain("--color-a");
    expect(plain).not.toContain("--unused");
    expect(plain).not.toContain("@property");
    expect(plain).not.toContain("--tw-blur");
    const shadowed = stylesheetFor(css, new Set(["shadow", "--unused"]));
    expect(shadowed).toContain("--color-a:red"); // read by --tw-shadow, which box-shadow reads
    expect(shadowed).not.toContain("--color-b");
    expect(shadowed).toContain("@property --tw-shadow");
    expect(shadowed).toContain("--tw-shadow:0 0 #0000");
    expect(shadowed).not.toContain("@property --tw-blur");
    expect(shadowed).toContain("--unused:1px");
  });

  it("gives the page's own classes short names in its markup and its part alike", () => {
    const html = pageWith(
      `<p class="flex a  grid">x</p><b class="md:block before:content-[&#x27;&#x27;]">y</b>` +
        `<i class="d _0">z</i><script>var c = ' class="flex"';</script>`,
    );
    // "grid" is a word of a script: it keeps its name. "_0" is the page's own: no other class is
    // given that name (it is renamed itself, like every class no script names).
    const out = pageStylesheets(new Set(["grid"]))(html);
    const names = shortClassNames(
      new Set(["flex", "a", "grid", "md:block", "before:content-['']", "d", "_0", "<p"]),
      new Set(["grid"]),
    );
    expect(Object.fromEntries(names)).toEqual({
      _0: "_1",
      a: "_2",
      "before:content-['']": "_3",
      d: "_4",
      flex: "_5",
      "md:block": "_6",
    });
    expect(out).toContain(
      '<p class="_5 _2 grid">x</p><b class="_6 _3">y</b><i class="_4 _1">z</i>',
    );
    expect(out).toContain("._5{display:flex;");
    expect(out).toContain(".grid{display:grid}");
    expect(out).toContain("@media (width>=48rem){._6{display:block}}");
    expect(out).toContain("._3:before{content:''}");
    expect(out).toContain("._2:not(.b)");
    expect(out).toContain("._4{color:blue}");
    expect(out).toContain("@keyframes spin{from{rotate:0}to{rotate:1turn}}");
    expect(out).not.toMatch(/\.flex\b|\.md\\:block/);
    expect(out).toContain(`<script>var c = ' class="flex"';</script>`); // code, not markup
    // the same classes, the same names: a page rendered again comes out the same
    expect(pageStylesheets(new Set(["grid"]))(html)).toBe(out);
  });

  it("keeps an input's own parts only where an input of that type can be", () => {
    const base =
      "::file-selector-button{margin:0}::-webkit-datetime-edit{padding:0}" +
      "::-webkit-inner-spin-button{height:auto}::placeholder{opacity:1}";
    const html = (inputs: string) =>
      `<html><head><style data-href="/a.css">${base}</style></head><body>${inputs}</body></html>`;
    const text = pageStylesheets(new Set())(html('<input name="q"><input type="email">'));
    expect(text).not.toContain("file-selector");
    expect(text).not.toContain("datetime");
    expect(text).not.toContain("spin-button");
    expect(text).toContain("::placeholder");
    const date = pageStylesheets(new Set())(html('<input type="DATE" name="d">'));
    expect(date).toContain("::-webkit-datetime-edit");
    expect(date).toContain("::-webkit-inner-spin-button");
    expect(date).not.toContain("file-selector");
    // a script that makes a file input (its words: `<input`, `file`)
    const dir = mkdtempSync(path.join(tmpdir(), "markup-"));
    writeFileSync(path.join(dir, "s.js"), 'const i=document.createElement("input");i.type="file"');
    const file = pageStylesheets(markupTokens(dir, ["s.js"]))(html(""));
    expect(file).toContain("::file-selector-button");
    expect(file).not.toContain("datetime");
  });

  it("drops a media query or layer block left empty, never the layer order", () => {
    const out = stylesheetFor(css, new Set());
    expect(out).not.toContain("@media");
    expect(out).toContain("@layer theme,base,utilities;");
    expect(out).not.toContain("space-y-2");
  });

  it("keeps the name of a class that a script-named class beside it would beat once the whole stylesheet comes", () => {
    // "grid" is a script's word. React links the whole stylesheet after the page's part, so its
    // `.grid{display:grid}` then comes last: `md:flex`, later in the stylesheet and setting the
    // same property on the same element, would lose to it. It keeps its name (here and wherever
    // else it is on the page); `flex` (earlier than .grid) and `shadow` (another property) do not.
    const html = pageWith(
      `<p class="grid md:flex flex shadow">x</p><b class="md:flex">y</b>` +
        `<i class="md:block">z</i><script>var c = ' class="grid md:block"';</script>`,
    );
    const out = pageStylesheets(new Set(["grid"]))(html);
    expect(out).toMatch(/<p class="grid md:flex _\w+ _\w+">x<\/p><b class="md:flex">y<\/b>/);
    expect(out).toMatch(/<i class="_\w+">z<\/i>/); // beside "grid" only in a script's words
    expect(out).toContain("@media (width>=48rem){.md\\:flex{display:flex}._");
  });

  it("cuts a page's inline stylesheet by the classes in its markup and marks it partial", () => {
    const html = pageWith(
      `<p class="flex  before:content-[&#x27;&#x27;]">x</p><b class="md:block">y</b>` +
        `<h1 style="color:var(--color-b)">z</h1>`,
    );
    const out = pageStylesheets(new Set(["grid"]), { shortNames: false })(html);
    expect(out).toContain('<style data-href="/assets/app-1.css" data-partial="">');
    expect(out).toContain(".flex{");
    expect(out).toContain(".before\\:content-\\[\\'\\'\\]:before");
    expect(out).toContain(".md\\:block");
    expect(out).toContain(".grid{"); // kept for the scripts that write markup
    expect(out).not.toContain(".md\\:flex");
    expect(out).toContain("h1{margin:0}");
    expect(out).toContain("--color-b:blue"); // read by the h1's style attribute
    // The stylesheet's own reads are not the page's: .shadow is cut, so --tw-shadow goes with it.
    expect(out).not.toContain("--tw-shadow");
    expect(out.endsWith('<h1 style="color:var(--color-b)">z</h1></body></html>')).toBe(true);
    expect(pageStylesheets(new Set())("<html><body>no style</body></html>")).toBe(
      "<html><body>no style</body></html>",
    );
  });

  it("takes every word of the scripts that write markup, and refuses a missing one", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "markup-"));
    writeFileSync(
      path.join(dir, "a.js"),
      `e.className="toast grid gap-1";t.classList.toggle('bg-teal-700',o);x=\`mt-5 \${y}\`;` +
        `d=document.createElement("dialog");h='<aside class="p-2">';s.style.width="var(--w)"`,
    );
    const tokens = markupTokens(dir, ["/a.js"]);
    for (const t of [
      "toast",
      "grid",
      "gap-1",
      "bg-teal-700",
      "mt-5",
      "p-2",
      "<dialog",
      "<aside",
      "--w",
    ])
      expect(tokens).toContain(t);
    expect(() => markupTokens(dir, ["/missing.js"])).toThrow();
  });
});
