import { readFileSync } from "node:fs";
import path from "node:path";
import postcss, { type Root } from "postcss";
import selectorParser from "postcss-selector-parser";

/**
 * Each kept page carries only the part of the stylesheet it uses (docs/decisions/026). The whole
 * stylesheet is about 46 KB, 7 KB brotli: half of a words-only page's HTML, which then needed a
 * second round trip (more than the 14 KB a new connection's first flight carries). A rule stays
 * when every class and element its selector needs is in the page's markup, or is written by the
 * site's small script or the service worker (`markupTokens`); fonts, keyframes and the layer order
 * always stay, and a custom property stays when something left reads it. The page's <style> is
 * marked `data-partial`: React, whose components render classes the page may not have, links the
 * whole stylesheet before it starts (app/lib/whole-stylesheet.ts).
 */

const STYLE = /<style data-href="([^"]+)">([\s\S]*?)<\/style>/;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)/g;
/** a custom property read in a style attribute or by a script: `var(--name` */
const STYLE_VARIABLE = /var\((--[\w-]+)/g;
/** an input's own type, `text` when it names none: `<input type=file>` (`INPUT_PARTS`) */
const INPUT = /<input\b[^>]*>/gi;
const INPUT_TYPE = /\stype="([^"]*)"/i;
/**
 * Pseudo-elements that exist only inside an input of one of these types. Tailwind's base layer
 * styles them all (date fields, spin buttons, the file button), and no public page has such an
 * input: about 1 KB of rules, 0.2 KB brotli.
 */
const DATE_TYPES = ["date", "time", "datetime-local", "month", "week"];
const INPUT_PARTS: [RegExp, string[]][] = [
  [/^::-webkit-(datetime-edit|calendar-picker-indicator|date-and-time-value)/i, DATE_TYPES],
  [/^::-webkit-(inner|outer)-spin-button$/i, ["number", ...DATE_TYPES]],
  [/^::-webkit-search-/i, ["search"]],
  [/^::file-selector-button$/i, ["file"]],
];
const inputToken = (type: string) => `<input type=${type.toLowerCase()}>`;
/** Elements every page has, written by the HTML parser when the markup leaves them out. */
const IMPLIED = ["<html", "<head", "<body", "<tbody"];

const parsed = new Map<string, Root>();

/**
 * How kept pages are cut: the page's inline stylesheet reduced to the rules it can use, with
 * `alsoKeep` (the words of the scripts that write markup) counted as on every page; a page without
 * an inline stylesheet is returned as it is. Each cut is remembered by the page's own words, since a
 * kept page is rendered again every minute or so and mostly comes out the same.
 */
export function pageStylesheets(alsoKeep: ReadonlySet<string>): (html: string) => string {
  const cut = new Map<string, string>();
  return (html) => {
    const match = STYLE.exec(html);
    if (!match) return html;
    const [whole, href, css] = match;
    // The page's words without the stylesheet: its own `var(--name)` reads are not the page's.
    const own = pageTokens(html.slice(0, match.index) + html.slice(match.index + whole.length));
    const key = `${href}\n${[...own].sort().join(" ")}`;
    let partial = cut.get(key);
    if (partial === undefined) {
      partial = stylesheetFor(css ?? "", new Set([...alsoKeep, ...own]));
      if (cut.size >= 200) cut.clear();
      cut.set(key, partial);
    }
    return (
      html.slice(0, match.index) +
      `<style data-href="${href}" data-partial="">${partial}</style>` +
      html.slice(match.index + whole.length)
    );
  };
}

/** The classes, elements (`<name`) and custom properties read in style attributes of a page. */
function pageTokens(html: string): Set<string> {
  const tokens = new Set<string>();
  for (const [, value] of html.matchAll(CLASS_ATTRIBUTE)) {
    for (const token of decodeEntities(value ?? "").split(/\s+/)) if (token) tokens.add(token);
  }
  for (const [, tag] of html.matchAll(TAG)) tokens.add(`<${tag!.toLowerCase()}`);
  for (const [, name] of html.matchAll(STYLE_VARIABLE)) tokens.add(name!);
  for (const [input] of html.matchAll(INPUT))
    tokens.add(inputToken(decodeEntities(INPUT_TYPE.exec(input)?.[1] ?? "text")));
  return tokens;
}

/**
 * The rules of `css` that can apply to markup whose classes and elements are `tokens` (an element
 * as `<name`, a custom property read outside the stylesheet as `--name`).
 */
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
    const usable = rule.selectors.filter((selector) => {
      const { classes, elements, inputTypes } = needs(selector);
      return (
        classes.every((name) => tokens.has(name)) &&
        elements.every((name) => IMPLIED.includes(`<${name}`) || tokens.has(`<${name}`)) &&
        (inputTypes.length === 0 || inputTypes.some((type) => tokens.has(inputToken(type))))
      );
    });
    if (usable.length === 0) rule.remove();
    else if (usable.length < rule.selectors.length) rule.selectors = usable;
  });
  withoutUnreadProperties(copy, tokens);
  withoutEmptyBlocks(copy);
  return copy.toString();
}

/**
 * Rules and at-rules left empty (@media, @supports, @layer blocks) go, from the inside out; a bare
 * `@layer a, b;` has no block and stays.
 */
function withoutEmptyBlocks(root: Root): void {
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        emptied = true;
      }
    });
  }
}

/**
 * Custom properties nothing reads any more go: their values on `:root` (the theme), their
 * defaults for every element (Tailwind's fallback where @property is missing) and their
 * @property rules. A property is read by a declaration left, by another property that is read, or
 * outside the stylesheet (a `--name` token). A utility's own custom properties stay with it.
 */
function withoutUnreadProperties(root: Root, tokens: ReadonlySet<string>): void {
  const reads = (value: string) => [...value.matchAll(STYLE_VARIABLE)].map(([, name]) => name!);
  const values = new Map<string, string[]>();
  const read = new Set<string>();
  root.walkDecls((decl) => {
    if (decl.prop.startsWith("--"))
      values.set(decl.prop, [...(values.get(decl.prop) ?? []), decl.value]);
    else for (const name of reads(decl.value)) read.add(name);
  });
  for (const token of tokens) if (token.startsWith("--")) read.add(token);
  const pending = [...read];
  while (pending.length > 0) {
    for (const value of values.get(pending.pop()!) ?? []) {
      for (const name of reads(value)) {
        if (!read.has(name)) {
          read.add(name);
          pending.push(name);
        }
      }
    }
  }
  const isDefaults = (selector: string) =>
    /^(:root|:host|\*|:before|:after|::backdrop|,)+$/.test(selector.replace(/\s/g, ""));
  root.walkDecls((decl) => {
    if (!decl.prop.startsWith("--") || read.has(decl.prop)) return;
    const rule = decl.parent;
    if (rule?.type === "rule" && isDefaults((rule as { selector: string }).selector)) decl.remove();
  });
  root.walkAtRules("property", (atRule) => {
    if (!read.has(atRule.params.trim())) atRule.remove();
  });
}

interface Needs {
  classes: string[];
  elements: string[];
  /** an input of one of these types, for an input's own pseudo-element (none: no input needed) */
  inputTypes: string[];
}
const needed = new Map<string, Needs>();

/**
 * The classes and elements a selector needs on the page. Only what must be there counts: nothing
 * inside `:not(…)` (it must be absent), nor in a pseudo-class other than :is, :where and :has
 * (`:lang(en)` names a language, not an element).
 */
export function needs(selector: string): Needs {
  let found = needed.get(selector);
  if (found) return found;
  const classes: string[] = [];
  const elements: string[] = [];
  let inputTypes: string[] = [];
  const required = (node: selectorParser.Node) => {
    for (let parent = node.parent; parent; parent = parent.parent) {
      if (parent.type === "pseudo" && !/^:(is|where|has)$/i.test(parent.value)) return false;
    }
    return true;
  };
  selectorParser((root) => {
    root.walkClasses((node) => {
      if (required(node)) classes.push(node.value);
    });
    root.walkTags((node) => {
      if (required(node)) elements.push(node.value.toLowerCase());
    });
    root.walkPseudos((node) => {
      const part = INPUT_PARTS.find(([name]) => name.test(node.value));
      if (part && required(node)) inputTypes = part[1];
    });
  }).processSync(selector);
  found = { classes, elements, inputTypes };
  if (needed.size > 10_000) needed.clear();
  needed.set(selector, found);
  return found;
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
    for (const token of text.split(/[\s"'`;{}]+/)) {
      if (!token) continue;
      tokens.add(token);
      // an element the script creates (`createElement("dialog")`) or writes (`<aside `)
      if (/^[a-z][a-z0-9-]*$/.test(token)) tokens.add(`<${token}`);
    }
    for (const [, tag] of text.matchAll(TAG)) tokens.add(`<${tag!.toLowerCase()}`);
    for (const [, name] of text.matchAll(STYLE_VARIABLE)) tokens.add(name!);
  }
  // A script that makes inputs may make one of any type its words name.
  if (tokens.has("<input"))
    for (const [, types] of INPUT_PARTS)
      for (const type of types) if (tokens.has(type)) tokens.add(inputToken(type));
  return tokens;
}
