import { and, desc, eq, lt, sql } from "drizzle-orm";
import type {
  AuditEntry,
  ContentEditing,
  DocumentSummary,
} from "../../app/lib/services/content-editing";
import { documentIds, withShippedWords } from "../../app/content/documents";
import { contentAudit, contentDrafts, contentVersions } from "../db/schema";
import { rebaseDocument } from "./merge";
import { type PublishDeps, publishValue } from "./publish";
import {
  liveVersion,
  livePublished,
  resultRows,
  selectLive,
  toVersion,
  validate,
  versionRow,
} from "./versions";

/**
 * What the editor's routes (app/routes/admin/) ask of the content (docs/decisions/027): each
 * document's state, an editor's own draft beside the live version, publishing, scheduling and
 * restoring, and the history and audit trail.
 */
export function createContentEditing(deps: PublishDeps): ContentEditing {
  const { db, now } = deps;
  return {
    async summary(): Promise<DocumentSummary[]> {
      const drafts = new Set(
        (await db.select({ doc: contentDrafts.doc }).from(contentDrafts)).map((d) => d.doc),
      );
      const rows = await db
        .select()
        .from(contentVersions)
        .where(
          and(eq(contentVersions.scheduleState, "pending"), eq(contentVersions.cancelled, false)),
        )
        .orderBy(contentVersions.publishAt);
      // What became of scheduled versions lately, for the notice on /admin.
      const settled = await db
        .select()
        .from(contentVersions)
        .where(
          and(
            sql`${contentVersions.scheduleState} in ('merged', 'refused')`,
            sql`${contentVersions.settledAt} > now() - interval '7 days'`,
          ),
        )
        .orderBy(desc(contentVersions.settledAt));
      const liveRows = resultRows<{
        doc: string;
        version: number;
        publish_at: string | Date;
        created_by: string;
      }>(await db.execute(selectLive(sql`doc, version, publish_at, created_by`)));
      return documentIds.map((doc) => {
        const row = liveRows.find((r) => r.doc === doc);
        const next = rows.find((r) => r.doc === doc);
        return {
          doc,
          version: Number(row?.version ?? 0),
          publishedAt: new Date(row?.publish_at ?? 0).toISOString(),
          publishedBy: row?.created_by ?? "",
          ...(next
            ? { scheduled: { version: next.version, publishAt: next.publishAt.toISOString() } }
            : {}),
          hasDraft: drafts.has(doc),
          settled: settled
            .filter((r) => r.doc === doc)
            .map((r) => toVersion(r, Number(row?.version ?? 0))),
        };
      });
    },

    async load(doc, editor) {
      const published = await livePublished(db, doc, now);
      const drafts = await db
        .select()
        .from(contentDrafts)
        .where(eq(contentDrafts.doc, doc))
        .orderBy(desc(contentDrafts.updatedAt));
      const own = drafts.find((d) => d.updatedBy === editor.email);
      return {
        published,
        ...(own
          ? {
              draft: {
                value: withShippedWords(doc, own.value),
                baseVersion: own.baseVersion,
                updatedAt: own.updatedAt.toISOString(),
                updatedBy: own.updatedBy,
              },
            }
          : {}),
        otherDrafts: drafts
          .filter((d) => d !== own)
          .map((d) => ({
            baseVersion: d.baseVersion,
            updatedAt: d.updatedAt.toISOString(),
            updatedBy: d.updatedBy,
          })),
      };
    },

    async onTopOfLive(doc, value, baseVersion) {
      const live = await livePublished(db, doc, now);
      const base = (await versionRow(db, doc, baseVersion))?.value ?? live.value;
      return { live, base, value: rebaseDocument(base, value, live.value).value };
    },

    async saveDraft(doc, value, baseVersion, editor) {
      const checked = validate(doc, value);
      if (!checked.ok) return { status: "invalid", fieldErrors: checked.fieldErrors };
      const at = now();
      await db
        .insert(contentDrafts)
        .values({ doc, value: checked.value, baseVersion, updatedAt: at, updatedBy: editor.email })
        .onConflictDoUpdate({
          target: [contentDrafts.doc, contentDrafts.updatedBy],
          set: { value: checked.value, baseVersion, updatedAt: at, updatedBy: editor.email },
        });
      return { status: "ok", version: baseVersion };
    },

    async discardDraft(doc, editor) {
      const removed = await db
        .delete(contentDrafts)
        .where(and(eq(contentDrafts.doc, doc), eq(contentDrafts.updatedBy, editor.email)))
        .returning({ doc: contentDrafts.doc });
      if (removed.length > 0)
        await db
          .insert(contentAudit)
          .values({ editor: editor.email, action: "discard draft", doc });
    },

    publish: (doc, value, options) => publishValue(deps, doc, value, options),

    async restore(doc, version, options) {
      const row = await versionRow(db, doc, version);
      if (!row)
        return { status: "invalid", fieldErrors: { version: ["There is no such version."] } };
      return publishValue(deps, doc, row.value, {
        baseVersion: options.baseVersion,
        editor: options.editor,
        restoredFrom: version,
      });
    },

    async cancelScheduled(doc, version, editor) {
      const cancelled = await db
        .update(contentVersions)
        .set({ cancelled: true })
        .where(
          and(
            eq(contentVersions.doc, doc),
            eq(contentVersions.version, version),
            eq(contentVersions.scheduleState, "pending"),
          ),
        )
        .returning({ version: contentVersions.version });
      if (cancelled.length > 0)
        await db
          .insert(contentAudit)
          .values({ editor: editor.email, action: "cancel scheduled", doc, version });
    },

    async history(doc) {
      const liveNumber = await liveVersion(db, doc);
      const rows = await db
        .select()
        .from(contentVersions)
        .where(eq(contentVersions.doc, doc))
        .orderBy(desc(contentVersions.version));
      return rows.map((r) => toVersion(r, liveNumber));
    },

    async version(doc, version) {
      const row = await versionRow(db, doc, version);
      return row ? toVersion(row, await liveVersion(db, doc)) : undefined;
    },

    async audit(limit, before): Promise<AuditEntry[]> {
      const rows = await db
        .select()
        .from(contentAudit)
        .where(before !== undefined ? lt(contentAudit.id, before) : undefined)
        .orderBy(desc(contentAudit.id))
        .limit(Math.min(Math.max(limit, 1), 200));
      return rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        editor: r.editor,
        action: r.action,
        ...(r.doc ? { doc: r.doc } : {}),
        ...(r.version !== null ? { version: r.version } : {}),
        ...(r.detail ? { detail: r.detail } : {}),
      }));
    },
  };
}
