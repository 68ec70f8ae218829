import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shippedContent } from "../../app/content/documents";
import { type ContentStore, openContentStore } from "../../server/content/store";
import type { Database } from "../../server/db/client";
import { createLogger } from "../../server/operations/logger";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { postgresAvailable } from "../support/postgres";

const hasPostgres = await postgresAvailable();
const logger = createLogger("silent");
const editor = { email: "editor@kindredhearts.ng" };
const other = { email: "second@kindredhearts.ng" };

function storeSuite(name: string, open: OpenDatabase) {
  describe(`published content on ${name}`, () => {
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

    it("starts a fresh database from the shipped content, as version 1 of every document", async () => {
      expect(store.current().book.price).toBe(5_500);
      const history = await store.editing.history("book");
      expect(history.map((v) => [v.version, v.createdBy, v.live])).toEqual([[1, "shipped", true]]);
    });

    it("publishes a new price at once, keeping the shipped version in the history", async () => {
      const changed: string[][] = [];
      const off = store.onChange((docs) => changed.push(docs));
      const value = { ...store.current().book, price: 6_000 };
      const result = await store.editing.publish("book", value, { baseVersion: 1, editor });
      off();
      expect(result).toEqual({ status: "ok", version: 2, scheduled: false });
      expect(store.current().book.price).toBe(6_000);
      expect(changed).toEqual([["book"]]);
      const history = await store.editing.history("book");
      expect(history.map((v) => [v.version, v.createdBy, v.live])).toEqual([
        [2, editor.email, true],
        [1, "shipped", false],
      ]);
      const audit = await store.editing.audit(10);
      expect(audit[0]).toMatchObject({
        editor: editor.email,
        action: "publish",
        doc: "book",
        version: 2,
      });
    });

    it("refuses a value the schema refuses, and publishes nothing", async () => {
      const value = { ...store.current().book, price: -5 };
      const result = await store.editing.publish("book", value, { baseVersion: 2, editor });
      expect(result).toEqual({
        status: "invalid",
        fieldErrors: { price: ["A price cannot be negative."] },
      });
      expect(store.current().book.price).toBe(6_000);
    });

    it("refuses a save built on an older version than the live one", async () => {
      const value = { ...store.current().book, price: 7_000 };
      const result = await store.editing.publish("book", value, { baseVersion: 1, editor: other });
      expect(result.status).toBe("conflict");
      if (result.status === "conflict") expect(result.current.version).toBe(2);
      expect(store.current().book.price).toBe(6_000);
    });

    it("never publishes the same request twice", async () => {
      const value = { ...store.current().book, price: 6_500 };
      const options = { baseVersion: 2, editor, requestKey: `key-${name}` };
      const first = await store.editing.publish("book", value, options);
      const again = await store.editing.publish("book", value, options);
      expect(first).toMatchObject({ status: "ok", version: 3 });
      expect(again).toMatchObject({ status: "ok", version: 3 });
      expect((await store.editing.history("book")).length).toBe(3);
    });

    it("restores an earlier version as a new one", async () => {
      const result = await store.editing.restore("book", 1, { baseVersion: 3, editor });
      expect(result).toMatchObject({ status: "ok", version: 4 });
      expect(store.current().book.price).toBe(5_500);
      const [latest] = await store.editing.history("book");
      expect(latest).toMatchObject({ version: 4, restoredFrom: 1, live: true });
    });

    it("keeps a draft apart from the live content until it is published", async () => {
      const draft = { ...store.current().book, price: 9_999 };
      await store.editing.saveDraft("book", draft, 4, editor);
      expect(store.current().book.price).toBe(5_500);
      expect((await store.withDrafts(["book"], editor)).book.price).toBe(9_999);
      expect((await store.editing.load("book", editor)).draft).toMatchObject({ baseVersion: 4 });
      await store.editing.discardDraft("book", editor);
      expect((await store.editing.load("book", editor)).draft).toBeUndefined();
    });

    it("puts a version scheduled for later live only when its time comes", async () => {
      const value = { ...store.current().faq };
      value.items = [...value.items.slice(1)];
      const publishAt = new Date(Date.now() + 1_500).toISOString();
      const result = await store.editing.publish("faq", value, {
        baseVersion: 1,
        editor,
        publishAt,
      });
      expect(result).toMatchObject({ status: "ok", version: 2, scheduled: true });
      expect(store.current().faq.items.length).toBe(shippedContent().faq.items.length);
      const summary = await store.editing.summary();
      expect(summary.find((s) => s.doc === "faq")?.scheduled?.version).toBe(2);
      await new Promise((r) => setTimeout(r, 1_600));
      await store.refresh();
      expect(store.current().faq.items.length).toBe(shippedContent().faq.items.length - 1);
    });

    it("tells the pages when the webinar starts, so registration closes by itself", async () => {
      // A start at a whole minute (the field has minutes only), written in Lagos time (UTC+1); the
      // store's clock reads two seconds before it, so the moment comes during the test.
      const start = Math.ceil((Date.now() + 60 * 60_000) / 60_000) * 60_000;
      const value = structuredClone(store.current().hiddenThread);
      value.webinar.startsAt = new Date(start).toISOString().slice(0, 16);
      await store.editing.publish("hiddenThread", value, { baseVersion: 1, editor });
      const watching = await openContentStore({
        db: database.db,
        logger,
        now: () => new Date(start - 60 * 60_000 - 2_000),
      });
      const heard: string[][] = [];
      const off = watching.onChange((docs) => heard.push(docs));
      try {
        await expect
          .poll(() => heard, { timeout: 10_000, interval: 200 })
          .toEqual([["hiddenThread"]]);
      } finally {
        off();
        watching.stop();
      }
    });

    it("shows another instance's publish within one poll", async () => {
      const second = await openContentStore({ db: database.db, logger });
      second.startPolling();
      try {
        const value = { ...store.current().book, price: 8_000 };
        await store.editing.publish("book", value, { baseVersion: 4, editor });
        await expect
          .poll(() => second.current().book.price, { timeout: 10_000, interval: 200 })
          .toBe(8_000);
      } finally {
        second.stop();
      }
    });

    it("keeps each editor's draft apart: a second editor's save never replaces the first's", async () => {
      const { published } = await store.editing.load("book", editor);
      const book = published.value as ReturnType<typeof store.current>["book"];
      await store.editing.saveDraft("book", { ...book, price: 11_111 }, published.version, editor);
      await store.editing.saveDraft("book", { ...book, price: 22_222 }, published.version, other);

      const mine = await store.editing.load("book", editor);
      expect(mine.draft).toMatchObject({ updatedBy: editor.email, value: { price: 11_111 } });
      expect(mine.otherDrafts).toEqual([
        expect.objectContaining({ updatedBy: other.email, baseVersion: published.version }),
      ]);
      const theirs = await store.editing.load("book", other);
      expect(theirs.draft).toMatchObject({ updatedBy: other.email, value: { price: 22_222 } });
      expect(theirs.otherDrafts.map((d) => d.updatedBy)).toEqual([editor.email]);
      // Each preview shows its own editor's draft.
      expect((await store.withDrafts(["book"], editor)).book.price).toBe(11_111);
      expect((await store.withDrafts(["book"], other)).book.price).toBe(22_222);

      // Discarding is one's own: the other draft stays.
      await store.editing.discardDraft("book", other);
      expect((await store.editing.load("book", other)).draft).toBeUndefined();
      expect((await store.editing.load("book", editor)).draft).toMatchObject({
        value: { price: 11_111 },
      });
      await store.editing.saveDraft("book", { ...book, price: 22_222 }, published.version, other);
    });

    it("a publish removes the publisher's own draft only; another editor's stays, built on the older version", async () => {
      const { published } = await store.editing.load("book", other);
      const book = published.value as ReturnType<typeof store.current>["book"];
      const result = await store.editing.publish(
        "book",
        { ...book, price: 22_222 },
        { baseVersion: published.version, editor: other },
      );
      expect(result).toMatchObject({ status: "ok", version: published.version + 1 });

      expect((await store.editing.load("book", other)).draft).toBeUndefined();
      const mine = await store.editing.load("book", editor);
      expect(mine.published.version).toBe(published.version + 1);
      expect(mine.draft).toMatchObject({
        baseVersion: published.version,
        value: { price: 11_111 },
      });
      expect(mine.otherDrafts).toEqual([]);
    });

    it("puts an editor's change on top of a newer version: hers kept, theirs taken, hers where both changed", async () => {
      const { published: base } = await store.editing.load("book", editor);
      const book = base.value as ReturnType<typeof store.current>["book"];
      // Someone fixes the title and the price while she changes the price and the author.
      await store.editing.publish(
        "book",
        { ...book, title: `${book.title} (fixed)`, price: 12_000 },
        { baseVersion: base.version, editor: other },
      );
      const hers = { ...book, price: 13_000, author: "Dr. A. Okafor" };
      const refused = await store.editing.publish("book", hers, {
        baseVersion: base.version,
        editor,
      });
      expect(refused.status).toBe("conflict");

      const moved = await store.editing.onTopOfLive("book", hers, base.version);
      expect(moved.live.version).toBe(base.version + 1);
      expect(moved.base).toEqual(book);
      expect(moved.value).toEqual({
        ...book,
        title: `${book.title} (fixed)`,
        price: 13_000,
        author: "Dr. A. Okafor",
      });
      // Published on top of the newer version, it goes live with both changes.
      const result = await store.editing.publish("book", moved.value, {
        baseVersion: moved.live.version,
        editor,
      });
      expect(result).toMatchObject({ status: "ok" });
      expect(store.current().book).toMatchObject({
        title: `${book.title} (fixed)`,
        price: 13_000,
        author: "Dr. A. Okafor",
      });
    });
  });
}

storeSuite("PGlite", openTempPglite("content-store-"));
if (hasPostgres) storeSuite("Postgres", openTempPostgres);
