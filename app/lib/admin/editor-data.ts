import type { SubmissionResult } from "@conform-to/react";
import type { FieldDifference } from "./field-differences";
import type { ScheduleOutcome } from "./schedule-outcome";

/** The buttons of the editor form, sent as `_action`. */
export const ACTION_FIELD = "_action";
export type EditorAction =
  | "publish"
  | "draft"
  | "preview"
  | "discard"
  | "restore"
  | "cancel"
  /** "Continue from the newer version": the form moved on top of the live version, changes kept */
  | "rebase";

/** Hidden fields of the editor form, beside the document's own. */
export const BASE_VERSION_FIELD = "baseVersion";
export const REQUEST_KEY_FIELD = "requestKey";
export const PUBLISH_AT_FIELD = "publishAt";

/** Who published the version an edit was refused for, and when. */
export interface ConflictInfo {
  version: number;
  by: string;
  at: string;
  /** the version the refused form was built on: it stays the form's base until she continues */
  from?: number;
  /** where her form and the newer version differ, field by field */
  differences?: FieldDifference[];
  /** how many more fields differ than are listed */
  moreDifferences?: number;
  /** the fields the newer version changed and she did not: continuing takes them as published */
  alsoChanged?: string[];
}

/**
 * The editor's form moved on top of the newer version ("Continue from the newer version"): her
 * changes kept, the rest as published, and what still differs from the live version.
 */
export interface RebasedForm {
  /** the version the form was built on before */
  from: number;
  /** the newer version it is now built on */
  version: number;
  by: string;
  at: string;
  value: unknown;
  differences: FieldDifference[];
  moreDifferences: number;
  alsoChanged: string[];
}

/** What the editor's action answers when it does not redirect. */
export interface EditorActionData {
  result?: SubmissionResult<string[]>;
  conflict?: ConflictInfo;
  rebased?: RebasedForm;
  /** a message for the whole form (restore refused, a scheduled version gone) */
  message?: string;
}

/** A version as the history lists it: its value stays on the server. */
export interface VersionSummary {
  version: number;
  publishAt: string;
  createdAt: string;
  createdBy: string;
  restoredFrom?: number;
  cancelled?: boolean;
  live: boolean;
  /** set to go live later, and not cancelled */
  scheduled: boolean;
  /** what became of it at its time, when a newer version had been published meanwhile */
  outcome?: ScheduleOutcome;
  /** the scheduled version this one was made from, merged on top of a newer one */
  fromScheduled?: number;
}

/** The success notices a redirect carries in its query (Post/Redirect/Get). */
export type EditorNotice =
  | { kind: "published"; version: number }
  | { kind: "scheduled"; version: number }
  | { kind: "saved" }
  | { kind: "discarded" }
  | { kind: "restored"; version: number; from: number }
  | { kind: "cancelled"; version: number };

export function noticeFromQuery(params: URLSearchParams): EditorNotice | undefined {
  const n = (name: string) => {
    const v = Number(params.get(name));
    return Number.isInteger(v) && v > 0 ? v : undefined;
  };
  const published = n("published");
  const scheduled = n("scheduled");
  const restored = n("restored");
  const cancelled = n("cancelled");
  if (restored && n("from")) return { kind: "restored", version: restored, from: n("from")! };
  if (published) return { kind: "published", version: published };
  if (scheduled) return { kind: "scheduled", version: scheduled };
  if (cancelled) return { kind: "cancelled", version: cancelled };
  if (params.get("saved") === "1") return { kind: "saved" };
  if (params.get("discarded") === "1") return { kind: "discarded" };
  return undefined;
}

/**
 * The public page a document's preview shows: its first own path (documents with a path
 * pattern, such as the stories' "/hidden-thread/*", show on their list page).
 */
export function previewPath(paths: readonly string[]): string {
  const concrete = paths.find((p) => p.startsWith("/") && !p.includes("*"));
  return concrete ?? "/";
}
