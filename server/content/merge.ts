/**
 * A field-level three-way merge of content documents (docs/decisions/027, "Scheduled versions"):
 * a scheduled version goes live on top of what was published while it waited. `base` is the
 * version it was edited from, `ours` the scheduled value, `theirs` the live one at its time. A
 * field changed on one side only takes that side's value; a field changed on both sides to
 * different values is a conflict, named by its path. Objects are merged field by field; a list
 * counts as one field (its items have no identity of their own to merge by).
 */
export type MergeResult =
  { ok: true; value: unknown } | { ok: false; conflicts: (string | number)[][] };

export function mergeDocuments(base: unknown, ours: unknown, theirs: unknown): MergeResult {
  const conflicts: (string | number)[][] = [];
  const value = mergeAt(base, ours, theirs, [], conflicts);
  return conflicts.length > 0 ? { ok: false, conflicts } : { ok: true, value };
}

/**
 * An editor's form moved on top of a newer version after "Not published: someone else published
 * first" (issue 29, item 10): what she changed since `base` is kept, everything else is taken from
 * `theirs`, and where both changed a field hers stands, since she is about to look at it and
 * publish it. `conflicts` names those fields.
 */
export function rebaseDocument(
  base: unknown,
  ours: unknown,
  theirs: unknown,
): { value: unknown; conflicts: (string | number)[][] } {
  const conflicts: (string | number)[][] = [];
  const value = mergeAt(base, ours, theirs, [], conflicts);
  return { value, conflicts };
}

function mergeAt(
  base: unknown,
  ours: unknown,
  theirs: unknown,
  path: (string | number)[],
  conflicts: (string | number)[][],
): unknown {
  if (same(ours, base)) return theirs;
  if (same(theirs, base) || same(ours, theirs)) return ours;
  if (isRecord(base) && isRecord(ours) && isRecord(theirs)) {
    const merged: Record<string, unknown> = {};
    const keys = new Set([...Object.keys(base), ...Object.keys(ours), ...Object.keys(theirs)]);
    for (const key of keys) {
      const value = mergeAt(base[key], ours[key], theirs[key], [...path, key], conflicts);
      if (value !== undefined) merged[key] = value;
    }
    return merged;
  }
  conflicts.push(path);
  return ours;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Equal as JSON values, whatever the order of an object's keys. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => same(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!same(a[key], b[key])) return false;
    return true;
  }
  return false;
}
