import { readFileSync } from "node:fs";
import path from "node:path";
import postcss, { type Root, type Rule } from "postcss";
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
export function pageStylesheets(
  alsoKeep: ReadonlySet<string>,
  { shortNames = true }: { shortNames?: boolean } = {},
): (html: string) => string {
  const cut = new Map<string, { css: string; names: ReadonlyMap<string, string> }>();
  return (html) => {
    const match = STYLE.exec(html);
    if (!match) return html;
    const [whole, href, css] = match;
    const before = html.slice(0, match.index);
    const after = html.slice(match.index + whole.length);
    // The page's words without the stylesheet: its own `var(--name)` reads are not the page's.
    const own = pageTokens(before + after);
    const pinned = shortNames ? clashing(before + after, css ?? "", alsoKeep) : new Set<string>();
    const key = `${href}\n${[...own].sort().join(" ")}\n${[...pinned].sort().join(" ")}`;
    let page = cut.get(key);
    if (page === undefined) {
      const partial = stylesheetFor(css ?? "", new Set([...alsoKeep, ...own]));
      const names = shortNames
        ? shortClassNames(own, new Set([...alsoKeep, ...pinned]))
        : new Map<string, string>();
      page = { css: renameInStylesheet(partial, names), names };
      if (cut.size >= 200) cut.clear();
      cut.set(key, page);
    }
    return (
      renameInMarkup(before, page.names) +
      `<style data-href="${href}" data-partial="">${page.css}</style>` +
      renameInMarkup(after, page.names)
    );
  };
}

/**
 * Short names for the page's own classes (docs/decisions/037, fifth amendment): `_0`, `_1`, …
 * `_z`, `_10`, … in the order of the sorted class list, so that a page with the same classes gets
 * the same names (the cut is remembered by that list). A class any script names keeps its name:
 * whatever a script adds, looks for or swaps is as the script wrote it. No short name is one of
 * those or of the page's own.
 */
export function shortClassNames(
  tokens: ReadonlySet<string>,
  keep: ReadonlySet<string>,
): Map<string, string> {
  const names = new Map<string, string>();
  let next = 0;
  for (const token of [...tokens].sort()) {
    if (token.startsWith("<") || token.startsWith("--") || keep.has(token)) continue;
    let name: string;
    do name = `_${(next++).toString(36)}`;
    while (tokens.has(name) || keep.has(name));
    names.set(token, name);
  }
  return names;
}

/**
 * The classes that must keep their names because of the element they are on. React, once a form
 * starts it, links the whole stylesheet after the page's own (026): an element with a class a
 * script names (kept) and a renamed class then takes the kept class's rules from the later sheet,
 * so they win over the renamed class's rules wherever the two set the same property (a custom
 * property counts), even where the renamed class's rule came later and won before. Such a renamed
 * class keeps its name, and the element's rules all come in one order again. On /admin/backups a
 * button moved between the press and the release of a click, and the click went nowhere. An
 * element with only renamed classes takes only the page's rules; one with only full names takes
 * the same rules from both sheets.
 */
function clashing(html: string, css: string, scriptNamed: ReadonlySet<string>): Set<string> {
  const places = propertyPlaces(css);
  const pinned = new Set<string>();
  for (const markup of html.split(SCRIPT)) {
    for (const [, value] of markup.matchAll(CLASS_ATTRIBUTE)) {
      const tokens = decodeEntities(value ?? "")
        .split(/\s+/)
        .filter(Boolean);
      // Where each property is first set by a kept class of this element.
      const kept = new Map<string, number>();
      for (const token of tokens) {
        if (!scriptNamed.has(token)) continue;
        for (const [prop, { first }] of places.get(token) ?? []) {
          kept.set(prop, Math.min(first, kept.get(prop) ?? first));
        }
      }
      if (kept.size === 0) continue;
      for (const token of tokens) {
        if (scriptNamed.has(token)) continue;
        for (const [prop, { last }] of places.get(token) ?? []) {
          if (last > (kept.get(prop) ?? Infinity)) pinned.add(token);
        }
      }
    }
  }
  return pinned;
}

/**
 * The classes of a selector's subject, the element its rule styles: those of its last compound,
 * outside any pseudo-class (`.group` in `.group-hover\:x:is(:where(.group):hover *)` is an
 * ancestor's).
 */
function subjectClasses(selector: string): string[] {
  const classes: string[] = [];
  selectorParser((root) => {
    for (const complex of root.nodes) {
      for (let i = complex.nodes.length - 1; i >= 0; i--) {
        const node = complex.nodes[i]!;
        if (node.type === "combinator") break;
        if (node.type === "class") classes.push(node.value);
      }
    }
  }).processSync(selector);
  return classes;
}

type Places = Map<string, Map<string, { first: number; last: number }>>;
const placesOf = new Map<string, Places>();

/** `css` parsed, once per stylesheet (the cut and the renaming read it and leave it as it is). */
function parsedStylesheet(css: string): Root {
  let root = parsed.get(css);
  if (!root) {
    root = postcss.parse(css);
    // One stylesheet per build; a second one only in tests.
    if (parsed.size > 4) parsed.clear();
    parsed.set(css, root);
  }
  return root;
}

/**
 * For each class of `css`, each property set by a rule whose subject has the class, and the first
 * and last of those rules in the stylesheet's order.
 */
function propertyPlaces(css: string): Places {
  const known = placesOf.get(css);
  if (known) return known;
  const byClass: Places = new Map();
  let at = 0;
  parsedStylesheet(css).walkRules((rule) => {
    if (inKeyframes(rule)) return;
    at++;
    const props: string[] = [];
    rule.each((node) => {
      if (node.type === "decl") props.push(node.prop);
    });
    for (const selector of rule.selectors) {
      for (const name of subjectClasses(selector)) {
        const places = byClass.get(name) ?? new Map<string, { first: number; last: number }>();
        for (const prop of props)
          places.set(prop, { first: places.get(prop)?.first ?? at, last: at });
        byClass.set(name, places);
      }
    }
  });
  // One stylesheet per build; a second one only in tests.
  if (placesOf.size > 4) placesOf.clear();
  placesOf.set(css, byClass);
  return byClass;
}

/** a step of a @keyframes block (`from`, `50%`), which is not a selector */
function inKeyframes(rule: Rule): boolean {
  return (
    rule.parent?.type === "atrule" && /keyframes$/i.test((rule.parent as { name: string }).name)
  );
}

/** `css` with every class selector of `names` renamed (keyframes' steps are not selectors). */
function renameInStylesheet(css: string, names: ReadonlyMap<string, string>): string {
  if (names.size === 0) return css;
  const root = postcss.parse(css);
  const rename = selectorParser((selectors) => {
    selectors.walkClasses((node) => {
      const short = names.get(node.value);
      if (short) node.value = short;
    });
  });
  root.walkRules((rule) => {
    if (inKeyframes(rule)) return;
    rule.selector = rename.processSync(rule.selector);
  });
  return root.toString();
}

/** a script element, whose words are code, not markup */
const SCRIPT = /<script\b[\s\S]*?<\/script>/gi;

/**
 * Each class attribute of `html` with the classes of `names` renamed, the others as they were;
 * nothing inside a script changes.
 */
function renameInMarkup(html: string, names: ReadonlyMap<string, string>): string {
  if (names.size === 0) return html;
  const rename = (markup: string) =>
    markup.replace(CLASS_ATTRIBUTE, (_, value: string) => {
      const tokens = value.split(/\s+/).filter(Boolean);
      return ` class="${tokens.map((raw) => names.get(decodeEntities(raw)) ?? raw).join(" ")}"`;
    });
  let out = "";
  let last = 0;
  for (const script of html.matchAll(SCRIPT)) {
    out += rename(html.slice(last, script.index)) + script[0];
    last = script.index + script[0].length;
  }
  return out + rename(html.slice(last));
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
  const copy = parsedStylesheet(css).clone();
  copy.walkRules((rule) => {
    if (inKeyframes(rule)) return;
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
