import { type SQL, and, desc, eq, sql } from "drizzle-orm";
import type {
  DocumentVersion,
  PublishResult,
  ScheduleNote,
  ScheduleState,
} from "../../app/lib/services/content-editing";
import {
  type DocumentId,
  documents,
  isDocumentId,
  shippedContent,
  withShippedWords,
} from "../../app/content/documents";
import { SHIPPED_BY } from "../../app/lib/admin/wat";
import type { Db } from "../db/client";
import { contentVersions } from "../db/schema";

/**
 * The rows of content_versions as the store, the editor and the scheduler read them
 * (docs/decisions/027): which version is live, one version as the editor sees it, and whether a
 * value fits its document's schema.
 */

/**
 * A version visitors may see: its publish time has passed and it was not cancelled. The live
 * version of a document is the highest such one. Every query that asks what is live uses this.
 */
export const isLive = sql`${contentVersions.publishAt} <= now() and not ${contentVersions.cancelled}
  and coalesce(${contentVersions.scheduleState}, 'live') = 'live'`;
/** A scheduled version whose time has come and that no instance has settled yet. */
export const isDue = sql`${contentVersions.scheduleState} = 'pending' and not ${contentVersions.cancelled}
  and ${contentVersions.publishAt} <= now()`;
/** The live version of every document: one row per document. */
export const selectLive = (columns: SQL) => sql`
  select distinct on (${contentVersions.doc}) ${columns}
  from ${contentVersions}
  where ${isLive}
  order by ${contentVersions.doc}, ${contentVersions.version} desc`;

export type VersionRow = typeof contentVersions.$inferSelect;

export async function liveVersion(db: Db, doc: DocumentId): Promise<number> {
  const [row] = await db
    .select({ version: contentVersions.version })
    .from(contentVersions)
    .where(and(eq(contentVersions.doc, doc), isLive))
    .orderBy(desc(contentVersions.version))
    .limit(1);
  return row?.version ?? 0;
}

/** The live version of `doc`, or the shipped content as version 0 on a database without one. */
export async function livePublished(
  db: Db,
  doc: DocumentId,
  now: () => Date,
): Promise<DocumentVersion> {
  const liveNumber = await liveVersion(db, doc);
  const row = await versionRow(db, doc, liveNumber);
  return row
    ? toVersion(row, liveNumber)
    : {
        doc,
        version: 0,
        value: shippedContent(now())[doc],
        publishAt: new Date(0).toISOString(),
        createdAt: new Date(0).toISOString(),
        createdBy: SHIPPED_BY,
        live: true,
      };
}

export async function versionRow(db: Db, doc: DocumentId, version: number) {
  const [row] = await db
    .select()
    .from(contentVersions)
    .where(and(eq(contentVersions.doc, doc), eq(contentVersions.version, version)));
  return row;
}

export async function byRequestKey(db: Db, requestKey: string) {
  const [earlier] = await db
    .select()
    .from(contentVersions)
    .where(eq(contentVersions.requestKey, requestKey));
  return earlier;
}

/**
 * The same publish sent again (a phone that retried after a lost answer) gets its first
 * outcome; the same key with other content is refused, never answered with another's outcome.
 */
export function repeated(earlier: VersionRow, requestHash: string | undefined): PublishResult {
  if (earlier.requestHash !== null && earlier.requestHash !== requestHash)
    return { status: "key-reused" };
  return {
    status: "ok",
    version: earlier.version,
    scheduled: earlier.scheduleState === "pending",
  };
}

export function toVersion(row: VersionRow, liveNumber: number): DocumentVersion {
  return {
    doc: row.doc as DocumentId,
    version: row.version,
    // A version saved before a page's words were editable shows them as its pages did.
    value: isDocumentId(row.doc) ? withShippedWords(row.doc, row.value) : row.value,
    publishAt: row.publishAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    ...(row.restoredFrom !== null ? { restoredFrom: row.restoredFrom } : {}),
    ...(row.cancelled ? { cancelled: true } : {}),
    ...(row.scheduleState ? { scheduleState: row.scheduleState as ScheduleState } : {}),
    ...(row.scheduleNote ? { scheduleNote: JSON.parse(row.scheduleNote) as ScheduleNote } : {}),
    ...(row.settledAt ? { settledAt: row.settledAt.toISOString() } : {}),
    live: row.version === liveNumber,
  };
}

export function validate(doc: DocumentId, value: unknown) {
  const parsed = documents[doc].schema.safeParse(value);
  if (parsed.success) return { ok: true as const, value: parsed.data as unknown };
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join(".");
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return { ok: false as const, fieldErrors };
}

/** PGlite answers `execute` with { rows }, node-postgres with a result that has rows too. */
export function resultRows<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
