import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Access } from "../../app/lib/services/auth";
import type { InboxFilter } from "../../app/lib/services/inbox";
import { runExport } from "../../server/operations/commands/export";
import type { CommandContext } from "../../server/operations/commands/protocol";
import type { Database } from "../../server/db/client";
import {
  contentAudit,
  deliveries,
  idempotencyKeys,
  orders,
  subscribers,
  submissions,
} from "../../server/db/schema";
import { type ExportKind, allKindsHeadings } from "../../server/inbox/export-columns";
import { createInbox } from "../../server/inbox";
import { normalisePhone, parseInboxId, whereItWent } from "../../server/inbox/rows";
import { filterFromUrl, periodOf } from "../../app/lib/admin/inbox-filter";
import { parseCsv } from "../support/csv";
import { openTempPglite } from "../support/databases";

const reader: Access = {
  email: "office@kindredhearts.ng",
  edit: false,
  inbox: true,
  signedInAt: new Date(),
};

describe("the inbox's words", () => {
  it("says where a row went, and a held one is Held (flood)", () => {
    expect(
      whereItWent([
        { destination: "hubspot", status: "delivered" },
        { destination: "email", status: "dead" },
      ]),
    ).toBe("HubSpot: delivered, e-mail: failed");
    expect(whereItWent([{ destination: "email", status: "held" }])).toBe("Held (flood)");
  });
  it("writes +234, 0 and spaces of a phone alike, and knows a malformed id", () => {
    expect(normalisePhone("+234 803 000 0000")).toBe(normalisePhone("0803-000-0000"));
    expect(parseInboxId("s12")).toEqual({ table: "s", id: 12 });
    expect(parseInboxId("o3")).toEqual({ table: "o", id: 3 });
    for (const bad of ["12", "s0", "s-1", "x1", "s1.5", "s99999999999999999"])
      expect(parseInboxId(bad), bad).toBeUndefined();
  });
});

describe("the inbox's days", () => {
  it("this month and last month are Lagos months; chosen days may be open-ended or reversed", () => {
    // 23:30 UTC on 30 November is already 1 December in Lagos.
    const now = new Date("2026-11-30T23:30:00Z");
    expect(periodOf("this-month", null, null, now)).toEqual({
      period: "this-month",
      from: "2026-12-01",
      to: "2026-12-31",
    });
    expect(periodOf("last-month", null, null, now)).toEqual({
      period: "last-month",
      from: "2026-11-01",
      to: "2026-11-30",
    });
    expect(periodOf("range", "2026-11-30", "2026-11-02", now)).toEqual({
      period: "range",
      from: "2026-11-02",
      to: "2026-11-30",
    });
    expect(periodOf("", "2026-11-02", "", now)).toEqual({ period: "range", from: "2026-11-02" });
    expect(periodOf("range", "yesterday", "2026-13-40", now)).toEqual({});
    expect(
      filterFromUrl("https://x/admin/inbox?period=last-month&kind=order").filter,
    ).toMatchObject({
      kind: "order",
      period: "last-month",
    });
  });
});

describe("the inbox on PGlite", () => {
  let database: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ database, cleanup } = await openTempPglite("inbox-")());
    const db = database.db;
    const at = (m: number) => new Date(Date.parse("2026-11-20T09:00:00Z") + m * 60_000);
    const [ada] = await db
      .insert(submissions)
      .values({
        kind: "contact",
        payload: {
          name: "=Ada",
          email: "ada@example.com",
          phone: "+234 803 111 2222",
          message: "Hi, it's me,\nAda",
          need: "couples-counseling",
        },
        createdAt: at(1),
      })
      .returning();
    await db.insert(deliveries).values([
      { submissionId: ada!.id, destination: "hubspot", status: "delivered" },
      { submissionId: ada!.id, destination: "email", status: "pending" },
    ]);
    await db.insert(idempotencyKeys).values({ key: "k1", kind: "contact", submissionId: ada!.id });
    await db.insert(submissions).values([
      {
        kind: "booking",
        payload: { name: "Bola", email: "bola@example.com", phone: "0803 333 4444" },
        createdAt: at(2),
      },
      { kind: "newsletter", payload: { email: "ada@example.com" }, createdAt: at(3) },
    ]);
    await db.insert(subscribers).values({ email: "Ada@example.com", token: "t1" });
    await db.insert(orders).values({
      reference: "ref-1",
      itemId: "book",
      itemName: "A book",
      amountKobo: 500000,
      status: "paid",
      name: "Ada",
      email: "ada@example.com",
      phone: "08031112222",
      createdAt: at(4),
    });
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await cleanup?.();
  });

  it("lists everything newest first, filters by kind and status, searches name, e-mail or phone", async () => {
    const inbox = createInbox(database.db);
    const all = await inbox.page({}, 1);
    expect(all.rows.map((r) => r.kind)).toEqual(["order", "newsletter", "booking", "contact"]);
    expect(all.rows[3]!.went).toBe("HubSpot: delivered, e-mail: waiting");
    expect(all.rows[2]!.state).toBe("not finished at the provider");
    expect((await inbox.page({ kind: "booking" }, 1)).rows.map((r) => r.name)).toEqual(["Bola"]);
    expect((await inbox.page({ q: "0803 3334444" }, 1)).rows.map((r) => r.name)).toEqual(["Bola"]);
    expect((await inbox.page({ q: "ADA@example.com" }, 1)).rows).toHaveLength(3);
    expect(await inbox.newCount()).toBe(4);
    // Days are Lagos days: everything was sent on 20 November.
    expect((await inbox.page({ from: "2026-11-20", to: "2026-11-20" }, 1)).rows).toHaveLength(4);
    expect((await inbox.page({ from: "2026-11-21" }, 1)).rows).toHaveLength(0);
    expect((await inbox.page({ to: "2026-11-19", kind: "order" }, 1)).rows).toHaveLength(0);
    const booking = all.rows[2]!.id;
    expect(await inbox.setHandled(booking, true)).toBe(true);
    expect((await inbox.page({ status: "handled" }, 1)).rows.map((r) => r.id)).toEqual([booking]);
    expect(await inbox.newCount()).toBe(3);
  });

  it("the CSV has every row, cells neutralised, and its download is audited", async () => {
    const inbox = createInbox(database.db);
    let text = "";
    for await (const piece of inbox.csv({}, reader)) text += piece;
    // Excel on Windows reads a double-clicked file as UTF-8 only after a byte-order mark.
    expect([...Buffer.from(text, "utf8").subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(parseCsv(text)[0]).toEqual(allKindsHeadings);
    const lines = text.trim().split("\r\n");
    expect(lines).toHaveLength(5);
    expect(text).toContain("'=Ada");
    const audit = await database.db
      .select()
      .from(contentAudit)
      .where(eq(contentAudit.action, "inbox-csv"));
    expect(audit[0]!.detail).not.toContain("ada");
  });

  it("one kind's CSV is that kind's `npm run export`, cell for cell; every kind's holds the same cells beside a kind column", async () => {
    const inbox = createInbox(database.db);
    const exported = async (kind: ExportKind) => {
      let text = "";
      const outcome = await runExport({ database } as CommandContext, ["--kind", kind], {
        out: async (chunk) => void (text += Buffer.from(chunk).toString("utf8")),
        err: () => {},
      });
      expect(outcome.code).toBe(0);
      return parseCsv(text);
    };
    const downloaded = async (filter: InboxFilter) => {
      let text = "";
      for await (const piece of inbox.csv(filter, reader)) text += piece;
      return parseCsv(text);
    };
    // The export goes oldest first, the inbox newest first: rows are compared in one order.
    const sorted = (rows: string[][]) => rows.map((r) => JSON.stringify(r)).sort();
    const [allHeadings, ...allRows] = await downloaded({});
    expect(allHeadings).toEqual(allKindsHeadings);
    expect(allHeadings![0]).toBe("kind");
    const kinds = [
      ["contact", "contact"],
      ["booking", "booking"],
      ["newsletter", "newsletter"],
      ["order", "orders"],
    ] as const;
    for (const [inboxKind, kind] of kinds) {
      const [headings, ...rows] = await exported(kind);
      const [inboxHeadings, ...inboxRows] = await downloaded({ kind: inboxKind });
      expect(inboxHeadings, kind).toEqual(headings);
      expect(rows, kind).toHaveLength(1);
      expect(sorted(inboxRows), kind).toEqual(sorted(rows));
      // In the file of every kind, a row of this kind has these cells under the same headings,
      // and nothing under another kind's.
      const mine = allRows.filter((r) => r[0] === kind);
      expect(
        sorted(mine.map((r) => headings!.map((h) => r[allHeadings!.indexOf(h)]!))),
        kind,
      ).toEqual(sorted(rows));
      for (const r of mine)
        r.forEach((cell, i) => {
          if (i > 0 && !headings!.includes(allHeadings![i]!))
            expect(cell, allHeadings![i]).toBe("");
        });
    }
    expect(allRows).toHaveLength(4);
    const contact = allRows.find((r) => r[0] === "contact")!;
    const at = (heading: string) => contact[allHeadings!.indexOf(heading)];
    expect(at("name")).toBe("'=Ada");
    expect(at("message")).toBe("Hi, it's me,\nAda");
    expect(at("status")).toBe("received");
    expect(at("delivery")).toBe("hubspot: delivered; email: pending");
  });

  it("an opened message labels its fields in words, and an order's amount as naira", async () => {
    const inbox = createInbox(database.db);
    const rows = (await inbox.page({}, 1)).rows;
    const contact = (await inbox.detail(rows.find((r) => r.kind === "contact")!.id, reader))!;
    expect(contact.fields.map((f) => f.label)).toEqual([
      "Name",
      "E-mail",
      "Phone",
      "Help with",
      "Message",
    ]);
    expect(contact.fields[3]!.value).toBe("Couples counselling");
    const order = (await inbox.detail(rows.find((r) => r.kind === "order")!.id, reader))!;
    expect(order.fields).toEqual([
      { label: "Item", value: "A book" },
      { label: "Amount", value: "₦5,000" },
      { label: "Reference", value: "ref-1" },
      { label: "Payment", value: "Paid" },
    ]);
  });

  it("finds a person by phone however written, and erases them, keeping the order's amount", async () => {
    const inbox = createInbox(database.db);
    const byPhone = await inbox.findPerson(["+2348031112222"]);
    expect(byPhone!.submissions.map((s) => s.kind)).toEqual(["contact"]);
    expect(byPhone!.orders).toHaveLength(1);
    const found = await inbox.findPerson(["ADA@example.com"]);
    expect(found!.submissions).toHaveLength(2);
    expect(found!.subscribers.map((x) => x.email)).toEqual(["Ada@example.com"]);
    expect(found!.waiting).toHaveLength(1);
    const erased = await inbox.erasePerson(["ada@example.com"], reader);
    expect(erased).toMatchObject({
      submissions: 2,
      cancelled: 1,
      subscribers: 1,
      orders: 1,
      keys: 1,
    });
    const after = await inbox.findPerson(["ada@example.com"]);
    expect(after!.submissions).toHaveLength(0);
    expect(after!.subscribers).toEqual([]);
    const [order] = await database.db.select().from(orders);
    expect(order).toMatchObject({
      amountKobo: 500000,
      reference: "ref-1",
      status: "paid",
      email: "",
      name: "",
      phone: "",
    });
    const audit = await database.db
      .select()
      .from(contentAudit)
      .where(eq(contentAudit.action, "erase"));
    expect(audit[0]!.detail).toMatch(/^address [0-9a-f]{32}: 2 submissions/);
    expect(JSON.stringify(await database.db.select().from(contentAudit))).not.toContain("ada@");
  });
});
