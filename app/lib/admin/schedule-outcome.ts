import type { DocumentVersion } from "../services/content-editing";
import { type FieldNode, describeName, pathToName } from "./field-tree";
import { formatWat } from "./wat";

/**
 * What became of a scheduled version, in words for the history and the notices on /admin and
 * the page's editor (docs/decisions/027, "Scheduled versions"). Undefined for a version that
 * went live as it was, or is still waiting.
 */
export interface ScheduleOutcome {
  kind: "merged" | "refused";
  /** the scheduled version */
  version: number;
  /** when it was due (ISO) */
  due: string;
  /** when its fate was decided (ISO) */
  settledAt: string;
  text: string;
}

export function scheduleOutcome(
  v: DocumentVersion,
  fields: [string, FieldNode][],
): ScheduleOutcome | undefined {
  const note = v.scheduleNote;
  if (!note || (v.scheduleState !== "merged" && v.scheduleState !== "refused")) return undefined;
  const when = formatWat(v.publishAt);
  const base = { version: v.version, due: v.publishAt, settledAt: v.settledAt ?? v.publishAt };
  if (v.scheduleState === "merged")
    return {
      ...base,
      kind: "merged",
      text: `Scheduled change of ${when} went live on top of version ${note.onTop}, as version ${note.as}.`,
    };
  const labels = (note.fields ?? [])
    .map((path) => describeName(fields, pathToName(path.split("."))) || "the page")
    .filter((label, i, all) => all.indexOf(label) === i);
  return {
    ...base,
    kind: "refused",
    text: `Scheduled change of ${when} was not published: ${labels.join(", ") || "the same fields"} had also been changed in version ${note.onTop}${note.by ? ` by ${note.by}` : ""}. Open it with View, then make the change again on the live version.`,
  };
}
