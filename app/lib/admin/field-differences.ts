import { type FieldNode, itemHeading, itemTitle } from "./field-tree";

/**
 * One field where the editor's form and the newer published version differ, in words, for the
 * notice after "Not published: someone else published first" (issue 29, item 10).
 */
export interface FieldDifference {
  /** where the field is: "Questions › Question 2 › Answer" */
  label: string;
  /** the editor's value */
  yours: string;
  /** the newer version's value */
  theirs: string;
  /** the newer version changed this field too, so publishing replaces their value with hers */
  bothChanged: boolean;
}

/** At most this many fields are listed; the rest are counted (a long list moved by one). */
export const MAX_DIFFERENCES = 30;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isEmpty = (value: unknown) => value === undefined || value === null || value === "";

/** Equal as the form shows them: an empty optional field is the same however it is stored. */
function same(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => same(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!same(a[key], b[key])) return false;
    return true;
  }
  return a === b;
}

/** A value as the editor reads it: a price in naira, a photo as "a photo", an empty one said so. */
function inWords(node: FieldNode | undefined, value: unknown): string {
  if (isEmpty(value)) return "(empty)";
  if (node?.kind === "naira" && typeof value === "number")
    return `₦${value.toLocaleString("en-NG")}`;
  if (node?.kind === "photo") return isRecord(value) && value.key ? "a photo" : "(no photo)";
  if (node?.kind === "list" && Array.isArray(value))
    return value.length === 1 ? "1 item" : `${value.length} items`;
  if (node?.kind === "object" || node?.kind === "group") {
    const parent = node as { fields: [string, FieldNode][] };
    const first = parent.fields.find(([key]) => typeof (value as never)?.[key] === "string");
    return first ? inWords(first[1], (value as Record<string, unknown>)[first[0]]) : "(filled in)";
  }
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return String(value);
  return JSON.stringify(value);
}

/**
 * The fields where `yours` (the editor's form) and `theirs` (the newer version) differ, walked
 * along the document's fields. `base` is the version the editor started from: a field that
 * `theirs` changed from it is marked as changed on both sides.
 */
export function fieldDifferences(
  fields: [string, FieldNode][],
  base: unknown,
  yours: unknown,
  theirs: unknown,
): FieldDifference[] {
  const found: FieldDifference[] = [];
  walkFields(fields, base, yours, theirs, [], found);
  return found;
}

function at(value: unknown, key: string | number): unknown {
  if (typeof key === "number") return Array.isArray(value) ? value[key] : undefined;
  return isRecord(value) ? value[key] : undefined;
}

function walkFields(
  fields: [string, FieldNode][],
  base: unknown,
  yours: unknown,
  theirs: unknown,
  words: string[],
  found: FieldDifference[],
) {
  for (const [key, node] of fields)
    walkNode(node, at(base, key), at(yours, key), at(theirs, key), [...words, node.label], found);
}

function walkNode(
  node: FieldNode,
  base: unknown,
  yours: unknown,
  theirs: unknown,
  words: string[],
  found: FieldDifference[],
) {
  if (same(yours, theirs)) return;
  const label = words.filter(Boolean).join(" › ");
  const push = (l: string, y: string, t: string, b: boolean) =>
    found.push({ label: l, yours: y, theirs: t, bothChanged: b });
  switch (node.kind) {
    case "group":
    case "object":
      if (isRecord(yours) && isRecord(theirs))
        return walkFields(node.fields, base, yours, theirs, words, found);
      break;
    case "photo": {
      const key = (v: unknown) => at(v, "key");
      const alt = (v: unknown) => at(v, "alt");
      if (!same(key(yours), key(theirs)))
        push(
          label,
          key(yours) ? "the photo in your form" : "(no photo)",
          key(theirs) ? "another photo" : "(no photo)",
          !same(key(base), key(theirs)),
        );
      if (!same(alt(yours), alt(theirs)))
        push(
          `${label} › Alt text`,
          inWords(undefined, alt(yours)),
          inWords(undefined, alt(theirs)),
          !same(alt(base), alt(theirs)),
        );
      return;
    }
    case "list": {
      const mine = Array.isArray(yours) ? yours : [];
      const other = Array.isArray(theirs) ? theirs : [];
      if (mine.length !== other.length)
        push(
          `${label} (how many)`,
          inWords(node, mine),
          inWords(node, other),
          !same(Array.isArray(base) ? base.length : 0, other.length),
        );
      for (let i = 0; i < Math.max(mine.length, other.length); i++) {
        const heading = [...words, itemHeading(node.itemLabel, i)];
        if (i >= mine.length || i >= other.length) {
          const item = i < mine.length ? mine[i] : other[i];
          const title = itemTitle(node, item) ?? inWords(node.item, item);
          push(
            heading.filter(Boolean).join(" › "),
            i < mine.length ? title : "(not in your form)",
            i < other.length ? title : "(not in the newer version)",
            !same(at(base, i), other[i]),
          );
          continue;
        }
        walkNode(node.item, at(base, i), mine[i], other[i], heading, found);
      }
      return;
    }
    default:
      break;
  }
  push(label, inWords(node, yours), inWords(node, theirs), !same(base, theirs));
}
