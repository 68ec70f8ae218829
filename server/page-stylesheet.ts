import { readFileSync } from "node:fs";
import path from "node:path";
import postcss, { type Root } from "postcss";

/**
 * Each kept page carries only the part of the stylesheet it uses (docs/decisions/017). The whole
 * stylesheet is about 46 KB, 7 KB brotli: half of a words-only page's HTML, which then needed a
 * second round trip (more than the 14 KB a new connection's first flight carries). A rule stays
 * when every class its selector names is in the page's markup, or is written by the site's small
 * script or the service worker (`markupTokens`); rules without classes (the base styles, fonts,
 * keyframes) always stay. The page's <style> is marked `data-partial`: React, whose components
 * render classes the page may not have, links the whole stylesheet before it starts
 * (app/enhance/react-on-demand.ts).
 */

const STYLE = /<style data-href="([^"]+)">([\s\S]*?)<\/style>/;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;

const parsed = new Map<string, Root>();
/** Cut stylesheets by the page's classes: a kept page is rendered again every minute or so. */
const cut = new Map<string, string>();

/** The page with its inline stylesheet cut to the rules it can use; unchanged without one. */
export function withPageStylesheet(html: string, alsoKeep: ReadonlySet<string>): string {
  const match = STYLE.exec(html);
  if (!match) return html;
  const [whole, href, css] = match;
  const tokens = new Set(alsoKeep);
  for (const [, value] of html.matchAll(CLASS_ATTRIBUTE)) {
    for (const token of decodeEntities(value ?? "").split(/\s+/)) if (token) tokens.add(token);
  }
  const key = `${href}\n${[...tokens].sort().join(" ")}`;
  let partial = cut.get(key);
  if (partial === undefined) {
    partial = stylesheetFor(css ?? "", tokens);
    if (cut.size >= 200) cut.clear();
    cut.set(key, partial);
  }
  return (
    html.slice(0, match.index) +
    `<style data-href="${href}" data-partial="">${partial}</style>` +
    html.slice(match.index + whole.length)
  );
}

/** The rules of `css` that can apply to markup whose classes are `tokens`. */
export function stylesheetFor(css: string, tokens: ReadonlySet<string>): string {
  let root = parsed.get(css);
  if (!root) {
    root = postcss.parse(css);
    // One stylesheet per build; a second one only in tests.
    if (parsed.size > 4) parsed.clear();
    parsed.set(css, root);
  }
  const copy = root.clone();
  copy.walkRules((rule) => {
    if (
      rule.parent?.type === "atrule" &&
      /keyframes$/i.test((rule.parent as { name: string }).name)
    )
      return;
    const usable = rule.selectors.filter((selector) =>
      classesIn(selector).every((name) => tokens.has(name)),
    );
    if (usable.length === 0) rule.remove();
    else if (usable.length < rule.selectors.length) rule.selectors = usable;
  });
  // At-rules left empty (@media, @supports) go too; a bare `@layer a, b;` has no block and stays.
  let emptied = true;
  while (emptied) {
    emptied = false;
    copy.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        emptied = true;
      }
    });
  }
  return copy.toString();
}

/**
 * The class names a selector needs on the page. What is inside `:not(…)` is left out: a class
 * there must be absent, so its absence never makes a rule useless.
 */
export function classesIn(selector: string): string[] {
  const needed = withoutNot(selector);
  const names: string[] = [];
  for (const [, escaped] of needed.matchAll(/\.((?:\\[0-9a-fA-F]{1,6}\s?|\\.|[\w-])+)/g)) {
    names.push(unescapeCss(escaped ?? ""));
  }
  return names;
}

function withoutNot(selector: string): string {
  let out = "";
  let i = 0;
  while (i < selector.length) {
    if (selector.startsWith(":not(", i)) {
      let depth = 0;
      let j = i + 4;
      for (; j < selector.length; j++) {
        if (selector[j] === "\\") j++;
        else if (selector[j] === "(") depth++;
        else if (selector[j] === ")" && --depth === 0) break;
      }
      i = j + 1;
    } else {
      if (selector[i] === "\\") out += selector[i++];
      out += selector[i++] ?? "";
    }
  }
  return out;
}

function unescapeCss(text: string): string {
  return text.replace(
    /\\([0-9a-fA-F]{1,6})\s?|\\(.)/g,
    (_, hex: string | undefined, char: string) =>
      hex ? String.fromCodePoint(parseInt(hex, 16)) : char,
  );
}

function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d+)|#x([0-9a-f]+)|(amp|quot|lt|gt|apos));/gi,
    (all, dec, hex, name) => {
      if (dec) return String.fromCodePoint(Number(dec));
      if (hex) return String.fromCodePoint(parseInt(hex, 16));
      return (
        { amp: "&", quot: '"', lt: "<", gt: ">", apos: "'" }[String(name).toLowerCase()] ?? all
      );
    },
  );
}

/**
 * The words of the built scripts that write markup without React: the site's small script and the
 * service worker. Tailwind finds its classes the same way, so any class they can add to a page is
 * among these. Throws when a file cannot be read.
 */
export function markupTokens(clientDir: string, files: readonly string[]): Set<string> {
  const tokens = new Set<string>();
  for (const file of files) {
    // A file that is not there throws: without its classes, no page may be cut.
    const text = readFileSync(path.join(clientDir, file), "utf8");
    // Split as Tailwind's scanner does: every run of characters between quotes, spaces and
    // braces is a candidate. Words of code come along too, which only keeps a rule or two more.
    for (const token of text.split(/[\s"'`;{}]+/)) if (token) tokens.add(token);
  }
  return tokens;
}
