import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shippedContent } from "../../app/content/documents";
import { type ContentStore, openContentStore } from "../../server/content/store";
import type { Database } from "../../server/db/client";
import { createLogger } from "../../server/logger";
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
      expect((await store.withDrafts(["book"])).book.price).toBe(9_999);
      expect((await store.editing.load("book")).draft).toMatchObject({ baseVersion: 4 });
      await store.editing.discardDraft("book", editor);
      expect((await store.editing.load("book")).draft).toBeUndefined();
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
  });
}

storeSuite("PGlite", openTempPglite("content-store-"));
if (hasPostgres) storeSuite("Postgres", openTempPostgres);
