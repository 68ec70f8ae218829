import { createHash } from "node:crypto";
import { type SQL, and, desc, eq, lt, sql } from "drizzle-orm";
import type { Editor } from "../../app/lib/services/auth";
import type {
  AuditEntry,
  ContentEditing,
  DocumentSummary,
  DocumentVersion,
  PublishResult,
  ScheduleNote,
  ScheduleState,
} from "../../app/lib/services/content-editing";
import {
  type DocumentId,
  type SiteContent,
  documentIds,
  documents,
  isDocumentId,
  shippedContent,
  withShippedWords,
} from "../../app/content/documents";
import { webinarStart } from "../../app/lib/webinar";
import { SHIPPED_BY, formatWat } from "../../app/lib/admin/wat";
import type { Db } from "../db/client";
import { contentAudit, contentDrafts, contentVersions } from "../db/schema";
import { jobFinished } from "../job-runs";
import type { Logger } from "../logger";
import { mergeDocuments, rebaseDocument } from "./merge";

/**
 * The published content (docs/decisions/027). Every version of every document is a row of
 * content_versions; the live one is the highest version whose publish_at has passed. This module
 * keeps the live values in memory for the pages, notices a change made by this process at once
 * and one made by another instance on the same Postgres within one poll, and is the editor's way
 * to publish, restore and read history.
 */

/** How often the live versions are compared with memory: other instances' publishes and scheduled ones. */
export const CONTENT_POLL_MS = 2_000;

interface LiveDocument {
  version: number;
  value: unknown;
  publishAt: Date;
}

export interface ContentStoreDeps {
  db: Db;
  logger: Logger;
  /** a publish's failure is recorded for /status */
  onPublishFailure?: (error: unknown) => void;
  now?: () => Date;
}

export type ContentStore = Awaited<ReturnType<typeof openContentStore>>;

/** Fills a fresh database with the shipped content, then loads the live content into memory. */
/**
 * A version visitors may see: its publish time has passed and it was not cancelled. The live
 * version of a document is the highest such one. Every query that asks what is live uses this.
 */
const isLive = sql`${contentVersions.publishAt} <= now() and not ${contentVersions.cancelled}
  and coalesce(${contentVersions.scheduleState}, 'live') = 'live'`;
/** A scheduled version whose time has come and that no instance has settled yet. */
const isDue = sql`${contentVersions.scheduleState} = 'pending' and not ${contentVersions.cancelled}
  and ${contentVersions.publishAt} <= now()`;
/** The live version of every document: one row per document. */
const selectLive = (columns: SQL) => sql`
  select distinct on (${contentVersions.doc}) ${columns}
  from ${contentVersions}
  where ${isLive}
  order by ${contentVersions.doc}, ${contentVersions.version} desc`;

export async function openContentStore(deps: ContentStoreDeps) {
  const { db, logger } = deps;
  const now = deps.now ?? (() => new Date());
  await seedShippedContent(db, now());

  let live = new Map<DocumentId, LiveDocument>();
  let snapshot: SiteContent = shippedContent(now());
  let publishedAt = {} as Record<DocumentId, string>;
  let stamp = "";
  const listeners = new Set<(changed: DocumentId[]) => void>();

  async function readStamp(): Promise<string> {
    const [row] = await db
      .select({
        maxId: sql<string>`coalesce(max(${contentVersions.id}), 0)::text`,
        live: sql<string>`count(*) filter (where ${isLive})::text`,
        cancelled: sql<string>`count(*) filter (where ${contentVersions.cancelled})::text`,
        due: sql<string>`count(*) filter (where ${isDue})::text`,
      })
      .from(contentVersions);
    return `${row?.maxId}:${row?.live}:${row?.cancelled}:${row?.due}`;
  }

  /** Reads the live version of every document; returns the documents whose version changed. */
  async function reload(): Promise<DocumentId[]> {
    const nextStamp = await readStamp();
    type LiveRow = { doc: string; version: number; value: unknown; publish_at: string | Date };
    const rows = resultRows<LiveRow>(
      await db.execute(selectLive(sql`doc, version, value, publish_at`)),
    );
    const next = new Map<DocumentId, LiveDocument>();
    for (const row of rows) {
      if (!isDocumentId(row.doc)) continue;
      next.set(row.doc, {
        version: Number(row.version),
        value: typeof row.value === "string" ? JSON.parse(row.value) : row.value,
        publishAt: new Date(row.publish_at),
      });
    }
    const changed = documentIds.filter((id) => live.get(id)?.version !== next.get(id)?.version);
    const shipped = shippedContent(now());
    const content = { ...shipped } as Record<DocumentId, unknown>;
    const dates = {} as Record<DocumentId, string>;
    for (const id of documentIds) {
      const doc = next.get(id);
      dates[id] = (doc?.publishAt ?? new Date(0)).toISOString();
      if (!doc) continue;
      // The schema that renders the page checks what the database holds: a value that no
      // longer fits (a schema changed under it) falls back to the shipped one, loudly.
      const parsed = documents[id].schema.safeParse(doc.value);
      if (parsed.success) content[id] = parsed.data;
      else
        logger.error(
          { doc: id, version: doc.version, issues: parsed.error.issues.length },
          "content: the live version does not fit its schema; the shipped content is shown",
        );
    }
    live = next;
    snapshot = content as SiteContent;
    publishedAt = dates;
    stamp = nextStamp;
    return changed;
  }

  await settleDue();
  await reload();

  /**
   * The webinar's start changes pages by itself (registration closes): the listeners hear of it
   * at that moment, so kept pages are rendered again without waiting for a visit.
   */
  let webinarTimer: NodeJS.Timeout | undefined;
  function watchWebinar() {
    clearTimeout(webinarTimer);
    const startsAt = webinarStart(snapshot.hiddenThread.webinar).getTime();
    const wait = startsAt - now().getTime();
    // setTimeout holds at most about 24 days; a later start is looked at again on the next change.
    if (wait <= 0 || wait > 2 ** 31 - 1) return;
    webinarTimer = setTimeout(() => {
      for (const listener of listeners) listener(["hiddenThread"]);
    }, wait + 1_000);
    webinarTimer.unref();
  }
  watchWebinar();

  /**
   * Settles every scheduled version whose time has come (docs/decisions/027, "Scheduled
   * versions"): live as it is when nothing was published while it waited, else merged on top of
   * what was, or refused when both changed the same field. Each instance tries; the document's
   * lock and the pending state make exactly one of them do it.
   */
  async function settleDue(): Promise<void> {
    const due = await db
      .select({ doc: contentVersions.doc, version: contentVersions.version })
      .from(contentVersions)
      .where(isDue)
      .orderBy(contentVersions.publishAt, contentVersions.version);
    for (const { doc, version } of due) {
      if (!isDocumentId(doc)) continue;
      await settle(doc, version).catch((error: unknown) =>
        logger.error(
          { doc, version, err: { message: String(error) } },
          "content: a scheduled version could not be settled; it is tried again",
        ),
      );
    }
  }

  async function settle(doc: DocumentId, version: number): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`content:${doc}`}))`);
      const [row] = await tx
        .select()
        .from(contentVersions)
        .where(and(eq(contentVersions.doc, doc), eq(contentVersions.version, version)));
      // Another instance settled it first, or an editor called it off.
      if (!row || row.scheduleState !== "pending" || row.cancelled) return;
      const [current] = await tx
        .select()
        .from(contentVersions)
        .where(and(eq(contentVersions.doc, doc), isLive))
        .orderBy(desc(contentVersions.version))
        .limit(1);
      const settledAt = sql`now()`;
      if (!current || row.baseVersion === null || current.version === row.baseVersion) {
        await tx
          .update(contentVersions)
          .set({ scheduleState: "live", settledAt })
          .where(eq(contentVersions.id, row.id));
        return;
      }
      const [base] = await tx
        .select({ value: contentVersions.value })
        .from(contentVersions)
        .where(and(eq(contentVersions.doc, doc), eq(contentVersions.version, row.baseVersion)));
      const merged = base
        ? mergeDocuments(base.value, row.value, current.value)
        : { ok: false as const, conflicts: [[]] };
      const checked = merged.ok ? validate(doc, merged.value) : undefined;
      if (merged.ok && checked?.ok) {
        const [max] = await tx
          .select({ max: sql<number>`coalesce(max(${contentVersions.version}), 0)` })
          .from(contentVersions)
          .where(eq(contentVersions.doc, doc));
        const next = Number(max?.max ?? 0) + 1;
        const note: ScheduleNote = { scheduled: row.version, onTop: current.version };
        await tx.insert(contentVersions).values({
          doc,
          version: next,
          value: checked.value,
          createdBy: row.createdBy,
          baseVersion: current.version,
          scheduleNote: JSON.stringify(note),
        });
        await tx
          .update(contentVersions)
          .set({
            scheduleState: "merged",
            settledAt,
            scheduleNote: JSON.stringify({ ...note, as: next } satisfies ScheduleNote),
          })
          .where(eq(contentVersions.id, row.id));
        await tx.insert(contentAudit).values({
          editor: row.createdBy,
          action: "scheduled publish",
          doc,
          version: next,
          detail: `scheduled version ${row.version} went live on top of version ${current.version}`,
        });
        return;
      }
      const note: ScheduleNote = {
        scheduled: row.version,
        onTop: current.version,
        by: current.createdBy,
        fields: merged.ok
          ? Object.keys(checked && !checked.ok ? checked.fieldErrors : {})
          : merged.conflicts.map((path) => path.join(".")),
      };
      await tx
        .update(contentVersions)
        .set({ scheduleState: "refused", settledAt, scheduleNote: JSON.stringify(note) })
        .where(eq(contentVersions.id, row.id));
      await tx.insert(contentAudit).values({
        editor: row.createdBy,
        action: "scheduled refused",
        doc,
        version: row.version,
        detail: `not published: version ${current.version} changed the same fields (${note.fields?.join(", ")})`,
      });
    });
  }

  async function refresh(): Promise<void> {
    await settleDue();
    const changed = await reload();
    if (changed.includes("hiddenThread")) watchWebinar();
    if (changed.length > 0) {
      logger.info({ docs: changed }, "content changed");
      for (const listener of listeners) listener(changed);
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let polling = false;
  function startPolling() {
    timer = setInterval(() => {
      if (polling) return;
      polling = true;
      readStamp()
        .then((s) => (s === stamp ? undefined : refresh()))
        .catch((error: unknown) =>
          logger.warn({ err: { message: String(error) } }, "content poll failed"),
        )
        .finally(() => (polling = false));
    }, CONTENT_POLL_MS);
    timer.unref();
  }

  async function liveVersion(doc: DocumentId): Promise<number> {
    const [row] = await db
      .select({ version: contentVersions.version })
      .from(contentVersions)
      .where(and(eq(contentVersions.doc, doc), isLive))
      .orderBy(desc(contentVersions.version))
      .limit(1);
    return row?.version ?? 0;
  }

  /** The live version of `doc`, or the shipped content as version 0 on a database without one. */
  async function livePublished(doc: DocumentId): Promise<DocumentVersion> {
    const liveNumber = await liveVersion(doc);
    const row = await versionRow(doc, liveNumber);
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

  async function versionRow(doc: DocumentId, version: number) {
    const [row] = await db
      .select()
      .from(contentVersions)
      .where(and(eq(contentVersions.doc, doc), eq(contentVersions.version, version)));
    return row;
  }

  async function byRequestKey(requestKey: string) {
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
  function repeated(
    earlier: typeof contentVersions.$inferSelect,
    requestHash: string | undefined,
  ): PublishResult {
    if (earlier.requestHash !== null && earlier.requestHash !== requestHash)
      return { status: "key-reused" };
    return {
      status: "ok",
      version: earlier.version,
      scheduled: earlier.scheduleState === "pending",
    };
  }

  function toVersion(
    row: typeof contentVersions.$inferSelect,
    liveNumber: number,
  ): DocumentVersion {
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

  function validate(doc: DocumentId, value: unknown) {
    const parsed = documents[doc].schema.safeParse(value);
    if (parsed.success) return { ok: true as const, value: parsed.data as unknown };
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join(".");
      (fieldErrors[key] ??= []).push(issue.message);
    }
    return { ok: false as const, fieldErrors };
  }

  async function publishValue(
    doc: DocumentId,
    value: unknown,
    options: {
      baseVersion: number;
      editor: Editor;
      requestKey?: string;
      publishAt?: string;
      restoredFrom?: number;
    },
  ): Promise<PublishResult> {
    const requestHash = options.requestKey
      ? createHash("sha256")
          .update(JSON.stringify([value, options.publishAt ?? null, options.baseVersion]))
          .digest("base64url")
      : undefined;
    if (options.requestKey) {
      const earlier = await byRequestKey(options.requestKey);
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
          action:
            options.restoredFrom !== undefined ? "restore" : scheduled ? "schedule" : "publish",
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
          .where(
            and(eq(contentDrafts.doc, doc), eq(contentDrafts.updatedBy, options.editor.email)),
          );
        return { status: "ok" as const, version, scheduled };
      });
      if (outcome.status === "ok") await jobFinished(db, "publish", { ok: true }).catch(() => {});
      if (outcome.status === "ok" && !outcome.scheduled) await refresh();
      return outcome;
    } catch (error) {
      // Two tabs sending the same publish at once: the second finds the first's row.
      if (options.requestKey) {
        const earlier = await byRequestKey(options.requestKey);
        if (earlier) return repeated(earlier, requestHash);
      }
      deps.onPublishFailure?.(error);
      // /status names it until a publish succeeds; no content or address is kept, only the kind.
      await jobFinished(db, "publish", { ok: false, error }).catch(() => {});
      throw error;
    }
  }

  const editing: ContentEditing = {
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
      const published = await livePublished(doc);
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
      const live = await livePublished(doc);
      const base = (await versionRow(doc, baseVersion))?.value ?? live.value;
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

    publish: (doc, value, options) => publishValue(doc, value, options),

    async restore(doc, version, options) {
      const row = await versionRow(doc, version);
      if (!row)
        return { status: "invalid", fieldErrors: { version: ["There is no such version."] } };
      return publishValue(doc, row.value, {
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
      const liveNumber = await liveVersion(doc);
      const rows = await db
        .select()
        .from(contentVersions)
        .where(eq(contentVersions.doc, doc))
        .orderBy(desc(contentVersions.version));
      return rows.map((r) => toVersion(r, liveNumber));
    },

    async version(doc, version) {
      const row = await versionRow(doc, version);
      return row ? toVersion(row, await liveVersion(doc)) : undefined;
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

  return {
    /** the live content, for the pages */
    current: () => snapshot,
    /** when each document's live version went live (ISO), for the sitemap */
    publishedAt: () => publishedAt,
    /** the live content with `editor`'s own drafts in place of some documents, for their preview */
    async withDrafts(docs: DocumentId[], editor: Editor): Promise<SiteContent> {
      const content = { ...snapshot } as Record<DocumentId, unknown>;
      for (const doc of docs) {
        const [draft] = await db
          .select()
          .from(contentDrafts)
          .where(and(eq(contentDrafts.doc, doc), eq(contentDrafts.updatedBy, editor.email)));
        if (!draft) continue;
        const parsed = documents[doc].schema.safeParse(draft.value);
        if (parsed.success) content[doc] = parsed.data;
      }
      return content as SiteContent;
    },
    editing,
    /** calls `listener` with the documents whose live version changed, after each change */
    onChange(listener: (changed: DocumentId[]) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** checks the database now (tests, and after a restore) */
    refresh,
    startPolling,
    stop() {
      if (timer) clearInterval(timer);
      clearTimeout(webinarTimer);
    },
  };
}

/** Version 1 of every document that has none yet: the content that came with the site. */
export async function seedShippedContent(db: Db, at: Date): Promise<void> {
  const existing = new Set(
    (await db.selectDistinct({ doc: contentVersions.doc }).from(contentVersions)).map((r) => r.doc),
  );
  const shipped = shippedContent(at);
  const missing = documentIds.filter((id) => !existing.has(id));
  if (missing.length === 0) return;
  await db
    .insert(contentVersions)
    .values(
      missing.map((doc) => ({
        doc,
        version: 1,
        value: shipped[doc],
        publishAt: new Date(0),
        createdAt: at,
        createdBy: SHIPPED_BY,
      })),
    )
    // Two instances starting on one new database: the first one's rows stand.
    .onConflictDoNothing();
}

/** PGlite answers `execute` with { rows }, node-postgres with a result that has rows too. */
function resultRows<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
