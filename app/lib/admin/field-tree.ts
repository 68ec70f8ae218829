import type { z } from "zod";
import { type FieldKind, fieldMeta } from "~/content/fields";

/**
 * A content document's schema read as the editor draws it: one node per field, with the label,
 * kind and help the schema carries (app/content/fields.ts). The form, the error summary and the
 * read-only view of an old version all walk this one tree.
 */
export type FieldNode =
  | {
      kind: Exclude<FieldKind, "choice" | "photo" | "list" | "group">;
      label: string;
      help?: string;
      optional: boolean;
    }
  | { kind: "choice"; label: string; help?: string; optional: boolean; options: string[] }
  | { kind: "photo"; label: string; help?: string; altHelp?: string; altOptional: boolean }
  | {
      kind: "group";
      label: string;
      help?: string;
      /** drawn folded to its label (a page's words) */
      folded: boolean;
      fields: [string, FieldNode][];
    }
  | {
      kind: "list";
      label: string;
      help?: string;
      itemLabel: string;
      itemTitle?: string;
      item: FieldNode;
      max?: number;
    }
  /** a list item made of several fields, drawn inside the item's own fieldset */
  | { kind: "object"; label: string; fields: [string, FieldNode][] };

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  entries?: Record<string, string>;
  checks?: { _zod: { def: { check: string; maximum?: number } } }[];
}

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/** Looks through optional, default and pipe wrappers; says whether one of them was optional. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean } {
  let current = schema;
  let optional = false;
  for (;;) {
    const def = defOf(current);
    if (def.type === "optional" || def.type === "default") optional = true;
    const next = def.innerType ?? def.in;
    if (!next) return { inner: current, optional };
    current = next;
  }
}

function objectFields(schema: z.ZodType): [string, FieldNode][] {
  const shape = defOf(unwrap(schema).inner).shape ?? {};
  return Object.entries(shape).map(([key, field]) => [key, describeField(field)]);
}

function maxOf(schema: z.ZodType): number | undefined {
  const check = defOf(schema).checks?.find((c) => c._zod.def.check === "max_length");
  return check?._zod.def.maximum;
}

/** One field of a document, as the editor draws it. */
export function describeField(schema: z.ZodType): FieldNode {
  const meta = fieldMeta(schema);
  const { inner, optional } = unwrap(schema);
  const def = defOf(inner);
  if (!meta) {
    if (def.type === "object") return { kind: "object", label: "", fields: objectFields(inner) };
    return { kind: "text", label: "", optional };
  }
  switch (meta.kind) {
    case "group":
      return {
        kind: "group",
        label: meta.label,
        help: meta.help,
        folded: meta.folded ?? false,
        fields: objectFields(inner),
      };
    case "list": {
      const item = describeField(def.element!);
      return {
        kind: "list",
        label: meta.label,
        help: meta.help,
        itemLabel: meta.itemLabel ?? "item",
        itemTitle: meta.itemTitle,
        item: item.kind === "object" ? { ...item, label: meta.itemLabel ?? "item" } : item,
        max: maxOf(inner),
      };
    }
    case "photo": {
      const alt = defOf(inner).shape?.alt;
      const altMeta = alt ? fieldMeta(alt) : undefined;
      const altCheck = alt ? defOf(unwrap(alt).inner).checks : undefined;
      const altOptional = !altCheck?.some((c) => c._zod.def.check === "min_length");
      return {
        kind: "photo",
        label: meta.label,
        help: meta.help,
        altHelp: altMeta?.help,
        altOptional,
      };
    }
    case "choice":
      return {
        kind: "choice",
        label: meta.label,
        help: meta.help,
        optional,
        options: Object.values(def.entries ?? {}),
      };
    default:
      return { kind: meta.kind, label: meta.label, help: meta.help, optional };
  }
}

/** The fields of a whole document, in the order the schema lists them. */
export function describeDocument(schema: z.ZodType): [string, FieldNode][] {
  return objectFields(schema);
}

/** A field's form name under its parent: `faq` → `items[0].answer` style, as Conform names them. */
export function childName(parent: string, key: string | number): string {
  if (typeof key === "number") return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

/** A server path such as "items.0.answer" as a form name, "items[0].answer". */
export function pathToName(path: string | (string | number)[]): string {
  const parts = typeof path === "string" ? path.split(".") : path.map(String);
  return parts.reduce<string>(
    (name, part) => (/^\d+$/.test(part) ? childName(name, Number(part)) : childName(name, part)),
    "",
  );
}

/** Splits a form name into its parts: "items[0].answer" → ["items", 0, "answer"]. */
export function nameParts(name: string): (string | number)[] {
  const parts: (string | number)[] = [];
  for (const match of name.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    parts.push(match[2] !== undefined ? Number(match[2]) : match[1]!);
  }
  return parts;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The title of a list's item in the editor: "Question 2". */
export function itemHeading(itemLabel: string, index: number): string {
  return `${capitalise(itemLabel)} ${index + 1}`;
}

/** Lists of more items than this fold: each item shows as its title until opened. */
export const FOLD_AFTER = 3;

/**
 * What a list item is called in its folded summary: its own title (the member's name, the
 * question) when it has one, else "New question" for one just added and still empty.
 */
export function itemTitle(
  node: { itemLabel: string; itemTitle?: string },
  value: unknown,
): string | undefined {
  if (!node.itemTitle || typeof value !== "object" || value === null) return undefined;
  const title = (value as Record<string, unknown>)[node.itemTitle];
  return typeof title === "string" && title.trim() ? title.trim() : undefined;
}

/**
 * Whether a list item starts open: when its list is short, it has an error to fix, or it was just
 * added (nothing in its title yet).
 */
export function itemStartsOpen(options: {
  count: number;
  hasErrors: boolean;
  title: string | undefined;
  titled: boolean;
}): boolean {
  return options.count <= FOLD_AFTER || options.hasErrors || (options.titled && !options.title);
}

/**
 * Where a field is, in words, for the error summary: "Questions › Question 2 › Answer". Names
 * the editor adds beside the schema's ("cover.file") count as the photo itself.
 */
export function describeName(fields: [string, FieldNode][], name: string): string {
  const words: string[] = [];
  let nodes: [string, FieldNode][] | undefined = fields;
  let node: FieldNode | undefined;
  for (const part of nameParts(name)) {
    if (typeof part === "number") {
      if (node?.kind !== "list") break;
      words.push(itemHeading(node.itemLabel, part));
      node = node.item;
      nodes = node.kind === "object" || node.kind === "group" ? node.fields : undefined;
      continue;
    }
    const found: FieldNode | undefined = nodes?.find(([key]) => key === part)?.[1];
    if (!found) {
      if (node?.kind === "photo" && part === "alt") words.push("Alt text");
      break;
    }
    node = found;
    words.push(found.label);
    nodes = found.kind === "object" || found.kind === "group" ? found.fields : undefined;
  }
  return words.filter(Boolean).join(" › ");
}

/** A list with no maximum in its schema is still bounded: list() in app/content/fields.ts. */
const DEFAULT_LIST_MAX = 50;

/**
 * Why a form name cannot be taken, or undefined when it can (issue 29, M1): an index past its
 * list's maximum, or an index where the document has no list. Checked for every name before the
 * form is read into a document, since `items[100000].question` alone would make a list 100,000
 * long (and one post could stall every visitor).
 */
export function listIndexProblem(fields: [string, FieldNode][], name: string): string | undefined {
  let nodes: [string, FieldNode][] | undefined = fields;
  let node: FieldNode | undefined;
  let known = true;
  for (const part of nameParts(name)) {
    if (typeof part === "number") {
      if (!known || node?.kind !== "list") return "That form had a field this page does not have.";
      const max = node.max ?? DEFAULT_LIST_MAX;
      if (part >= max) {
        return `The list “${node.label}” holds at most ${max} entries: that form had more.`;
      }
      node = node.item;
      nodes = node.kind === "object" || node.kind === "group" ? node.fields : undefined;
      continue;
    }
    if (!known) continue;
    const found: FieldNode | undefined = nodes?.find(([key]) => key === part)?.[1];
    if (!found) {
      known = false;
      continue;
    }
    node = found;
    nodes = found.kind === "object" || found.kind === "group" ? found.fields : undefined;
  }
  return undefined;
}

/** Whether `name` ("members[1].photo") is a photo field of the document. */
export function isPhotoName(fields: [string, FieldNode][], name: string): boolean {
  let nodes: [string, FieldNode][] | undefined = fields;
  let node: FieldNode | undefined;
  for (const part of nameParts(name)) {
    if (typeof part === "number") {
      if (node?.kind !== "list" || part >= (node.max ?? DEFAULT_LIST_MAX)) return false;
      node = node.item;
    } else {
      node = nodes?.find(([key]) => key === part)?.[1];
      if (!node) return false;
    }
    nodes = node.kind === "object" || node.kind === "group" ? node.fields : undefined;
  }
  return node?.kind === "photo";
}
