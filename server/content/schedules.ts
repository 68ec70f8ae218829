import { and, desc, eq, sql } from "drizzle-orm";
import type { ScheduleNote } from "../../app/lib/services/content-editing";
import { type DocumentId, isDocumentId } from "../../app/content/documents";
import type { Db } from "../db/client";
import { contentAudit, contentVersions } from "../db/schema";
import type { Logger } from "../operations/logger";
import { mergeDocuments } from "./merge";
import { isDue, isLive, validate } from "./versions";

/**
 * Settles every scheduled version whose time has come (docs/decisions/027, "Scheduled
 * versions"): live as it is when nothing was published while it waited, else merged on top of
 * what was, or refused when both changed the same field. Each instance tries; the document's
 * lock and the pending state make exactly one of them do it.
 */
export async function settleDue(db: Db, logger: Logger): Promise<void> {
  const due = await db
    .select({ doc: contentVersions.doc, version: contentVersions.version })
    .from(contentVersions)
    .where(isDue)
    .orderBy(contentVersions.publishAt, contentVersions.version);
  for (const { doc, version } of due) {
    if (!isDocumentId(doc)) continue;
    await settle(db, doc, version).catch((error: unknown) =>
      logger.error(
        { doc, version, err: { message: String(error) } },
        "content: a scheduled version could not be settled; it is tried again",
      ),
    );
  }
}

async function settle(db: Db, doc: DocumentId, version: number): Promise<void> {
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
