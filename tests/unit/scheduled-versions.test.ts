import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContentStore, openContentStore } from "../../server/content/store";
import { mergeDocuments } from "../../server/content/merge";
import type { Database } from "../../server/db/client";
import { createLogger } from "../../server/operations/logger";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { postgresAvailable } from "../support/postgres";

const hasPostgres = await postgresAvailable();
const logger = createLogger("silent");
const editor = { email: "editor@kindredhearts.ng" };
const other = { email: "second.editor@kindredhearts.ng" };
const soon = (ms: number) => new Date(Date.now() + ms).toISOString();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the three-way merge of a scheduled version", () => {
  const base = { title: "A", price: 5_500, items: [{ q: "1" }] };
  it("takes each side's own changes", () => {
    const ours = { ...base, price: 7_000 };
    const theirs = { ...base, title: "B" };
    expect(mergeDocuments(base, ours, theirs)).toEqual({
      ok: true,
      value: { title: "B", price: 7_000, items: [{ q: "1" }] },
    });
  });
  it("names a field both changed differently", () => {
    expect(mergeDocuments(base, { ...base, price: 7_000 }, { ...base, price: 6_000 })).toEqual({
      ok: false,
      conflicts: [["price"]],
    });
  });
  it("counts a list as one field", () => {
    const ours = { ...base, items: [{ q: "1" }, { q: "2" }] };
    const theirs = { ...base, items: [{ q: "one" }] };
    expect(mergeDocuments(base, ours, theirs)).toEqual({ ok: false, conflicts: [["items"]] });
  });
});

function suite(name: string, open: OpenDatabase) {
  describe(`scheduled versions and request keys on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    let store: ContentStore;
    beforeAll(async () => {
      ({ database, cleanup } = await open());
      store = await openContentStore({ db: database.db, logger });
    });
    afterAll(async () => {
      store?.stop();
      await database?.close();
      await cleanup?.();
    });

    it("goes live at its time on top of a change published meanwhile", async () => {
      const shipped = store.current().book;
      const scheduled = await store.editing.publish(
        "book",
        { ...shipped, price: 7_000 },
        { baseVersion: 1, editor, publishAt: soon(1_500) },
      );
      expect(scheduled).toMatchObject({ status: "ok", version: 2, scheduled: true });
      const title = `${shipped.title} (second edition)`;
      const fix = await store.editing.publish(
        "book",
        { ...shipped, title },
        { baseVersion: 1, editor: other },
      );
      expect(fix).toMatchObject({ status: "ok", version: 3 });
      await sleep(1_700);
      await store.refresh();
      expect(store.current().book).toMatchObject({ title, price: 7_000 });
      const history = await store.editing.history("book");
      expect(history[0]).toMatchObject({ version: 4, live: true, createdBy: editor.email });
      expect(history.find((v) => v.version === 2)).toMatchObject({
        scheduleState: "merged",
        scheduleNote: { scheduled: 2, onTop: 3, as: 4 },
      });
      const summary = await store.editing.summary();
      expect(summary.find((s) => s.doc === "book")?.settled.map((v) => v.version)).toEqual([2]);
    });

    it("is refused at its time when the same field was changed meanwhile", async () => {
      const live = store.current().book;
      await store.editing.publish(
        "book",
        { ...live, price: 9_000 },
        { baseVersion: 4, editor, publishAt: soon(1_500) },
      );
      await store.editing.publish(
        "book",
        { ...live, price: 6_000 },
        { baseVersion: 4, editor: other },
      );
      await sleep(1_700);
      await store.refresh();
      expect(store.current().book.price).toBe(6_000);
      const refused = (await store.editing.history("book")).find((v) => v.version === 5);
      expect(refused).toMatchObject({
        scheduleState: "refused",
        live: false,
        scheduleNote: { onTop: 6, by: other.email, fields: ["price"] },
      });
    });

    it("settles a due version once, however many instances look", async () => {
      const live = store.current().book;
      await store.editing.publish(
        "book",
        { ...live, price: 9_500 },
        { baseVersion: 6, editor, publishAt: soon(1_200) },
      );
      await store.editing.publish(
        "book",
        { ...live, title: `${live.title}!` },
        { baseVersion: 6, editor: other },
      );
      await sleep(1_400);
      const others = await Promise.all(
        [1, 2, 3].map(() => openContentStore({ db: database.db, logger })),
      );
      await Promise.all([store.refresh(), ...others.map((o) => o.refresh())]);
      for (const o of others) o.stop();
      const history = await store.editing.history("book");
      expect(
        history.filter((v) => v.scheduleNote?.scheduled === 7 && !v.scheduleState),
      ).toHaveLength(1);
      expect(store.current().book.price).toBe(9_500);
    });

    it("refuses a publish time that has passed, and records nothing", async () => {
      const before = (await store.editing.history("book")).length;
      const result = await store.editing.publish("book", store.current().book, {
        baseVersion: 9,
        editor,
        publishAt: new Date(Date.now() - 60_000).toISOString(),
      });
      expect(result.status).toBe("invalid");
      if (result.status === "invalid") expect(result.fieldErrors.publishAt?.[0]).toMatch(/passed/);
      expect(await store.editing.history("book")).toHaveLength(before);
    });

    it("answers a repeat with its outcome, and refuses the same key with other content", async () => {
      const live = store.current().faq;
      const key = `key-${name}-schedule`;
      const publishAt = soon(60 * 60_000);
      const first = await store.editing.publish("faq", live, {
        baseVersion: 1,
        editor,
        requestKey: key,
        publishAt,
      });
      expect(first).toMatchObject({ status: "ok", scheduled: true });
      const again = await store.editing.publish("faq", live, {
        baseVersion: 1,
        editor,
        requestKey: key,
        publishAt,
      });
      expect(again).toEqual(first);
      const changed = await store.editing.publish("faq", live, {
        baseVersion: 1,
        editor,
        requestKey: key,
      });
      expect(changed).toEqual({ status: "key-reused" });
    });
  });
}

suite("PGlite", openTempPglite("scheduled-versions-"));
if (hasPostgres) suite("Postgres", openTempPostgres);
