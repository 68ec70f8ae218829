import type { DocumentId } from "~/content/documents";
import type { Editor } from "./auth";

/** Drafts, publishing, scheduling and history of the content documents (server/content/). */

export interface ContentEditing {
  /** the published version number of each document, and when and by whom */
  summary(): Promise<DocumentSummary[]>;
  /**
   * the published value of a document, `editor`'s own saved draft if there is one, and who else
   * has a draft of it (issue 29, item 8: drafts are kept per editor)
   */
  load(
    doc: DocumentId,
    editor: Editor,
  ): Promise<{
    published: DocumentVersion;
    draft?: DocumentDraft;
    otherDrafts: Omit<DocumentDraft, "value">[];
  }>;
  /**
   * `value`, edited from `baseVersion`, moved on top of the live version (issue 29, item 10): the
   * editor's changes since `baseVersion` kept, the rest as live. `base` is `baseVersion`'s value.
   */
  onTopOfLive(
    doc: DocumentId,
    value: unknown,
    baseVersion: number,
  ): Promise<{ live: DocumentVersion; base: unknown; value: unknown }>;
  saveDraft(
    doc: DocumentId,
    value: unknown,
    baseVersion: number,
    editor: Editor,
  ): Promise<PublishResult>;
  /** removes `editor`'s own draft of `doc`; another editor's draft is never touched */
  discardDraft(doc: DocumentId, editor: Editor): Promise<void>;
  /**
   * validates and publishes; refused when `baseVersion` is not the live version (another editor
   * published since). `requestKey` is the form's idempotency key: a repeat answers the first
   * outcome and never publishes twice. `publishAt` (ISO) schedules it. The publishing editor's
   * own draft goes; other editors' drafts stay, and they are told the page changed since.
   */
  publish(
    doc: DocumentId,
    value: unknown,
    options: { baseVersion: number; requestKey?: string; publishAt?: string; editor: Editor },
  ): Promise<PublishResult>;
  /** publishes an earlier version's value again, as a new version */
  restore(
    doc: DocumentId,
    version: number,
    options: { baseVersion: number; editor: Editor },
  ): Promise<PublishResult>;
  /** a scheduled version that has not gone live yet is called off */
  cancelScheduled(doc: DocumentId, version: number, editor: Editor): Promise<void>;
  /** every version of a document, newest first */
  history(doc: DocumentId): Promise<DocumentVersion[]>;
  version(doc: DocumentId, version: number): Promise<DocumentVersion | undefined>;
  /** who changed what, when, newest first */
  audit(limit: number, before?: number): Promise<AuditEntry[]>;
}

export type PublishResult =
  | { status: "ok"; version: number; scheduled?: boolean }
  /** the value breaks the document's schema; messages by field path ("items.0.answer") */
  | { status: "invalid"; fieldErrors: Record<string, string[]> }
  /** another editor published since `baseVersion` */
  | { status: "conflict"; current: DocumentVersion }
  /** the request key was already used for a different publish */
  | { status: "key-reused" };

/** A scheduled version's fate (docs/decisions/027, "Scheduled versions"). */
export type ScheduleState = "pending" | "live" | "merged" | "refused";

/**
 * What became of a scheduled version that met a newer one at its time: on the scheduled row,
 * `as` is the version it went live as (merged) or `fields` the paths both changed (refused); on
 * the version a merge made, `scheduled` names the scheduled one.
 */
export interface ScheduleNote {
  scheduled: number;
  onTop: number;
  as?: number;
  by?: string;
  fields?: string[];
}

export interface DocumentSummary {
  doc: DocumentId;
  version: number;
  publishedAt: string;
  publishedBy: string;
  /** a version set to go live later, if any */
  scheduled?: { version: number; publishAt: string };
  hasDraft: boolean;
  /** scheduled versions of the last 7 days that were merged on top of a newer one, or refused */
  settled: DocumentVersion[];
}

export interface DocumentVersion {
  doc: DocumentId;
  version: number;
  value: unknown;
  /** ISO; when it went (or goes) live */
  publishAt: string;
  createdAt: string;
  createdBy: string;
  restoredFrom?: number;
  cancelled?: boolean;
  scheduleState?: ScheduleState;
  scheduleNote?: ScheduleNote;
  /** when a scheduled version's fate was decided (ISO) */
  settledAt?: string;
  /** true for the version visitors see now */
  live: boolean;
}

export interface DocumentDraft {
  value: unknown;
  baseVersion: number;
  updatedAt: string;
  updatedBy: string;
}

export interface AuditEntry {
  id: number;
  at: string;
  editor: string;
  action: string;
  doc?: string;
  version?: number;
  detail?: string;
}
