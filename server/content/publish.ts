import { createHash } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Editor } from "../../app/lib/services/auth";
import type { PublishResult } from "../../app/lib/services/content-editing";
import type { DocumentId } from "../../app/content/documents";
import { formatWat } from "../../app/lib/admin/wat";
import type { Db } from "../db/client";
import { contentAudit, contentDrafts, contentVersions } from "../db/schema";
import { jobFinished } from "../operations/job-runs";
import { byRequestKey, isLive, repeated, toVersion, validate } from "./versions";

export interface PublishDeps {
  db: Db;
  now: () => Date;
  /** reads the live content again after a version went live at once */
  refresh: () => Promise<void>;
  /** a publish's failure is recorded for /status */
  onPublishFailure?: (error: unknown) => void;
}

export interface PublishOptions {
  baseVersion: number;
  editor: Editor;
  requestKey?: string;
  publishAt?: string;
  restoredFrom?: number;
}

/**
 * A new version of `doc` (docs/decisions/027): live at once, or at `publishAt`, on top of the
 * version the editor started from, or refused as a conflict when another went live meanwhile.
 * A restore is a publish of an old version's value.
 */
export async function publishValue(
  deps: PublishDeps,
  doc: DocumentId,
  value: unknown,
  options: PublishOptions,
): Promise<PublishResult> {
  const { db, now } = deps;
  const requestHash = options.requestKey
    ? createHash("sha256")
        .update(JSON.stringify([value, options.publishAt ?? null, options.baseVersion]))
        .digest("base64url")
    : undefined;
  if (options.requestKey) {
    const earlier = await byRequestKey(db, options.requestKey);
    if (earlier) return repeated(earlier, requestHash);
  }
  const checked = validate(doc, value);
  if (!checked.ok) return { status: "invalid", fieldErrors: checked.fieldErrors };
  const publishAt = options.publishAt ? new Date(options.publishAt) : undefined;
  if (publishAt && Number.isNaN(publishAt.getTime()))
    return { status: "invalid", fieldErrors: { publishAt: ["Enter a date and time."] } };
  // A time that has passed is never written as if it went live then: the editor chooses again.
  if (publishAt && publishAt <= now())
    return {
      status: "invalid",
      fieldErrors: {
        publishAt: [
          `That time has passed (it is now ${formatWat(now().toISOString())}). Choose a later time, or clear it to publish now.`,
        ],
      },
    };
  const scheduled = publishAt !== undefined;
  try {
    const outcome = await db.transaction(async (tx) => {
      // One publish of a document at a time, across every instance on the database.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`content:${doc}`}))`);
      const current = await tx
        .select()
        .from(contentVersions)
        .where(and(eq(contentVersions.doc, doc), isLive))
        .orderBy(desc(contentVersions.version))
        .limit(1);
      const currentRow = current[0];
      if (currentRow && currentRow.version !== options.baseVersion)
        return {
          status: "conflict" as const,
          current: toVersion(currentRow, currentRow.version),
        };
      const [max] = await tx
        .select({ max: sql<number>`coalesce(max(${contentVersions.version}), 0)` })
        .from(contentVersions)
        .where(eq(contentVersions.doc, doc));
      const version = Number(max?.max ?? 0) + 1;
      await tx.insert(contentVersions).values({
        doc,
        version,
        value: checked.value,
        createdBy: options.editor.email,
        ...(publishAt ? { publishAt } : {}),
        ...(options.restoredFrom !== undefined ? { restoredFrom: options.restoredFrom } : {}),
        ...(options.requestKey ? { requestKey: options.requestKey, requestHash } : {}),
        baseVersion: options.baseVersion,
        ...(scheduled ? { scheduleState: "pending" } : {}),
      });
      await tx.insert(contentAudit).values({
        editor: options.editor.email,
        action: options.restoredFrom !== undefined ? "restore" : scheduled ? "schedule" : "publish",
        doc,
        version,
        detail:
          options.restoredFrom !== undefined
            ? `restored version ${options.restoredFrom}`
            : scheduled
              ? `goes live ${publishAt!.toISOString()}`
              : null,
      });
      // Only the publishing editor's own draft goes: another editor's stays, and she is told
      // the page was published since she saved it (docs/decisions/027, "Drafts and conflicts").
      await tx
        .delete(contentDrafts)
        .where(and(eq(contentDrafts.doc, doc), eq(contentDrafts.updatedBy, options.editor.email)));
      return { status: "ok" as const, version, scheduled };
    });
    if (outcome.status === "ok") await jobFinished(db, "publish", { ok: true }).catch(() => {});
    if (outcome.status === "ok" && !outcome.scheduled) await deps.refresh();
    return outcome;
  } catch (error) {
    // Two tabs sending the same publish at once: the second finds the first's row.
    if (options.requestKey) {
      const earlier = await byRequestKey(db, options.requestKey);
      if (earlier) return repeated(earlier, requestHash);
    }
    deps.onPublishFailure?.(error);
    // /status names it until a publish succeeds; no content or address is kept, only the kind.
    await jobFinished(db, "publish", { ok: false, error }).catch(() => {});
    throw error;
  }
}
