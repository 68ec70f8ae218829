import { and, eq, sql } from "drizzle-orm";
import type { Editor } from "../../app/lib/services/auth";
import {
  type DocumentId,
  type SiteContent,
  documentIds,
  documents,
  isDocumentId,
  shippedContent,
} from "../../app/content/documents";
import { webinarStart } from "../../app/lib/webinar";
import { SHIPPED_BY } from "../../app/lib/admin/wat";
import type { Db } from "../db/client";
import { contentDrafts, contentVersions } from "../db/schema";
import type { Logger } from "../operations/logger";
import { createContentEditing } from "./editing";
import { settleDue } from "./schedules";
import { isDue, isLive, resultRows, selectLive } from "./versions";

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

  await settleDue(db, logger);
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

  async function refresh(): Promise<void> {
    await settleDue(db, logger);
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

  const editing = createContentEditing({
    db,
    now,
    refresh,
    onPublishFailure: deps.onPublishFailure,
  });

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
