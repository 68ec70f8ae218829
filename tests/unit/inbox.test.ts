import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Access } from "../../app/lib/services/auth";
import type { InboxFilter } from "../../app/lib/services/inbox";
import { runExport } from "../../server/operations/commands/export";
import type { CommandContext } from "../../server/operations/commands/protocol";
import type { Database } from "../../server/db/client";
import {
  appointments,
  contentAudit,
  contentVersions,
  counsellorBusyTimes,
  counsellorSettings,
  counsellorTimeOff,
  deliveries,
  idempotencyKeys,
  orders,
  subscribers,
  submissions,
} from "../../server/db/schema";
import {
  EXPORT_KIND_WORDS,
  type ExportKind,
  allKindsHeadings,
  exportHeadings,
} from "../../server/inbox/export-columns";
import { createInbox } from "../../server/inbox";
import { normalisePhone, parseInboxId, whereItWent } from "../../server/inbox/rows";
import { filterFromUrl, periodOf } from "../../app/lib/admin/inbox-filter";
import { parseCsv } from "../support/csv";
import { openTempPglite, openTempPostgres } from "../support/databases";
import { postgresAvailable } from "../support/postgres";

const hasPostgres = await postgresAvailable();

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
    expect(allHeadings![0]).toBe("Kind");
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
      const mine = allRows.filter((r) => r[0] === EXPORT_KIND_WORDS[kind]);
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
    const contact = allRows.find((r) => r[0] === "Contact message")!;
    const at = (heading: string) => contact[allHeadings!.indexOf(heading)];
    expect(at("Name")).toBe("'=Ada");
    expect(at("Message")).toBe("Hi, it's me,\nAda");
    expect(at("New or handled")).toBe("New");
    expect(at("Where it went")).toBe("HubSpot: delivered, e-mail: waiting");
    // Issue 41, item 10: Lagos time with its offset, values in words, the phone as written.
    expect(at("Received")).toBe("2026-11-20 10:01 +01:00");
    expect(at("Service asked about")).toBe("Couples counselling");
    expect(at("Phone")).toBe("\u2060+234 803 111 2222");
    const order = allRows.find((r) => r[0] === "Order")!;
    expect(order[allHeadings!.indexOf("Payment")]).toBe("Paid");
    expect(order[allHeadings!.indexOf("Phone")]).toBe("\u206008031112222");
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

/**
 * Bookings the practice owns (issue 42): a booking submission with an appointments row is a booked
 * session, its own kind beside the provider's booking request, in the list, an opened message, the
 * CSV, `npm run export -- --kind appointments` and a person's data.
 */
const lagos = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+01:00`);

async function seedBookings(database: Database) {
  const db = database.db;
  // The team as published: one member with an id of her own, one known by the slug of his name.
  await db.insert(contentVersions).values({
    doc: "team",
    version: 1,
    value: {
      lead: { name: "Dr. Adaeze Okafor" },
      members: [{ name: "Oluwaseun Adeyemi" }, { id: "amaka", name: "Amaka Obi" }],
    },
    createdBy: "shipped",
  });
  const received = (m: number) => new Date(Date.parse("2026-11-20T09:00:00Z") + m * 60_000);
  const [request, booked, cancelled, attended] = await db
    .insert(submissions)
    .values([
      {
        kind: "booking",
        payload: {
          name: "Request",
          email: "req@example.com",
          phone: "0803 000 0001",
          booked: "no",
        },
        createdAt: received(1),
      },
      {
        kind: "booking",
        payload: {
          name: "Kemi",
          email: "kemi@home.ng",
          phone: "08035550101",
          token: "secret",
          // As server/bookings/book.ts stores the choice first made.
          sessionTypeId: "couples-counselling-session",
          counsellorId: "oluwaseun-adeyemi",
          counsellor: "Oluwaseun Adeyemi",
          time: "2026-12-05T09:00",
          start: "Saturday 5 December 2026, 9:00 AM to 9:50 AM WAT",
        },
        createdAt: received(2),
      },
      {
        kind: "booking",
        payload: { name: "Kemi A.", email: "kemi@work.ng", phone: "+234 803 555 0101" },
        createdAt: received(3),
      },
      {
        kind: "booking",
        payload: { name: "Tayo", email: "tayo@example.com", phone: "0809 111 0000" },
        createdAt: received(4),
      },
    ])
    .returning({ id: submissions.id });
  const session = (start: Date, minutes = 50) => ({
    startsAt: start,
    endsAt: new Date(start.getTime() + minutes * 60_000),
    blockedUntil: new Date(start.getTime() + (minutes + 10) * 60_000),
  });
  await db.insert(appointments).values([
    {
      submissionId: booked!.id,
      counsellorId: "oluwaseun-adeyemi",
      sessionType: "couples-counselling-session",
      status: "booked",
      tokenHash: "h1",
      ...session(lagos("2026-12-07", "09:00")),
    },
    {
      submissionId: cancelled!.id,
      counsellorId: "amaka",
      sessionType: "gone-session-type",
      status: "cancelled",
      cancelledAt: lagos("2026-11-21", "12:00"),
      cancelledBy: "visitor",
      ...session(lagos("2026-12-08", "10:00")),
    },
    {
      submissionId: attended!.id,
      counsellorId: "amaka",
      sessionType: "couples-counselling-session",
      status: "booked",
      attendance: "attended",
      source: "practice",
      ...session(lagos("2026-11-23", "15:00")),
    },
  ]);
  await db
    .insert(deliveries)
    .values({ submissionId: booked!.id, destination: "email", status: "delivered" });
  // The practice's own booking settings: not a visitor's data.
  await db.insert(counsellorSettings).values({ counsellorId: "amaka", bufferMinutes: 15 });
  await db
    .insert(counsellorTimeOff)
    .values({ counsellorId: "amaka", fromDate: "2026-12-24", toDate: "2026-12-26" });
  await db.insert(counsellorBusyTimes).values({
    counsellorId: "amaka",
    startsAt: lagos("2026-12-09", "09:00"),
    endsAt: lagos("2026-12-09", "11:00"),
  });
  return { request: request!.id, booked: booked!.id };
}

const bookingDatabases: [
  string,
  (() => ReturnType<ReturnType<typeof openTempPglite>>) | undefined,
][] = [
  ["PGlite", openTempPglite("inbox-bookings-")],
  ["Postgres", hasPostgres ? openTempPostgres : undefined],
];

for (const [name, open] of bookingDatabases) {
  describe.runIf(open)(`booked sessions in the inbox on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    let ids: Awaited<ReturnType<typeof seedBookings>>;
    beforeAll(async () => {
      ({ database, cleanup } = await open!());
      ids = await seedBookings(database);
    }, 180_000);
    afterAll(async () => {
      await database?.close();
      await cleanup?.();
    });

    it("lists a booked session as its own kind, with the session, counsellor, Lagos time and status; the filter tells it from a booking request", async () => {
      const inbox = createInbox(database.db);
      const all = (await inbox.page({}, 1)).rows;
      expect(all.map((r) => r.kind)).toEqual([
        "appointment",
        "appointment",
        "appointment",
        "booking",
      ]);
      const kemi = all.find((r) => r.name === "Kemi")!;
      expect(kemi.appointment).toMatchObject({
        session: "Couples Counselling Session",
        counsellor: "Oluwaseun Adeyemi",
        starts: "2026-12-07T08:00:00.000Z",
        when: "Monday 7 December 2026, 9:00 AM to 9:50 AM WAT",
        status: "Booked",
        bookedBy: "The visitor, on the website",
      });
      expect(kemi.state).toBe("Booked");
      const cancelled = all.find((r) => r.name === "Kemi A.")!.appointment!;
      expect(cancelled).toMatchObject({
        counsellor: "Amaka Obi",
        session: "Gone session type",
        status: "Cancelled",
        cancelledBy: "The visitor",
      });
      expect(all.find((r) => r.name === "Tayo")!.appointment).toMatchObject({
        status: "Attended",
        bookedBy: "The practice",
      });
      expect(all.find((r) => r.kind === "booking")!.appointment).toBeUndefined();
      expect((await inbox.page({ kind: "appointment" }, 1)).rows.map((r) => r.name)).toEqual([
        "Tayo",
        "Kemi A.",
        "Kemi",
      ]);
      expect((await inbox.page({ kind: "booking" }, 1)).rows.map((r) => r.name)).toEqual([
        "Request",
      ]);
      expect(filterFromUrl("https://x/admin/inbox?kind=appointment").filter.kind).toBe(
        "appointment",
      );

      await database.db
        .update(appointments)
        .set({ attendance: "no-show" })
        .where(eq(appointments.counsellorId, "amaka"));
      const detail = (await inbox.detail(`s${ids.booked}`, reader))!;
      expect(detail.row.appointment!.session).toBe("Couples Counselling Session");
      expect(detail.fields.map((f) => f.label)).toEqual(["Name", "E-mail", "Phone"]);
      const tayo = (await inbox.page({ kind: "appointment", q: "tayo@example.com" }, 1)).rows[0]!;
      expect(tayo.appointment!.status).toBe("No-show");
      await database.db
        .update(appointments)
        .set({ attendance: "attended" })
        .where(eq(appointments.counsellorId, "amaka"));
    });

    it("the CSV of booked sessions is `npm run export -- --kind appointments`, in Lagos time and words; booking requests stay apart", async () => {
      const inbox = createInbox(database.db);
      const downloaded = async (filter: InboxFilter) => {
        let text = "";
        for await (const piece of inbox.csv(filter, reader)) text += piece;
        return parseCsv(text);
      };
      const exported = async (kind: ExportKind) => {
        let text = "";
        const outcome = await runExport({ database } as CommandContext, ["--kind", kind], {
          out: async (chunk) => void (text += Buffer.from(chunk).toString("utf8")),
          err: () => {},
        });
        expect(outcome.code).toBe(0);
        return parseCsv(text);
      };
      const [headings, ...rows] = await exported("appointments");
      expect(headings).toEqual(exportHeadings("appointments"));
      expect(rows).toHaveLength(3);
      const [inboxHeadings, ...inboxRows] = await downloaded({ kind: "appointment" });
      expect(inboxHeadings).toEqual(headings);
      expect(inboxRows.slice().reverse()).toEqual(rows);
      const kemi = rows.find((r) => r.includes("Kemi"))!;
      const cell = (h: string) => kemi[headings!.indexOf(h)];
      expect(cell("Session")).toBe("Couples Counselling Session");
      expect(cell("Counsellor")).toBe("Oluwaseun Adeyemi");
      expect(cell("Session starts")).toBe("2026-12-07 09:00 +01:00");
      expect(cell("Session ends")).toBe("2026-12-07 09:50 +01:00");
      expect(cell("Session status")).toBe("Booked");
      expect(cell("Phone")).toBe("\u206008035550101");
      expect(cell("E-mail")).toBe("kemi@home.ng");
      expect(cell("Where it went")).toBe("e-mail: delivered");
      expect(kemi.join(" ")).not.toContain("secret");
      const cancelled = rows.find((r) => r.includes("Kemi A."))!;
      expect(cancelled[headings!.indexOf("Cancelled")]).toBe("2026-11-21 12:00 +01:00");
      expect(cancelled[headings!.indexOf("Cancelled by")]).toBe("The visitor");

      const [, ...requests] = await exported("booking");
      expect(requests.map((r) => r[3])).toEqual(["Request"]);
      const [, ...inboxRequests] = await downloaded({ kind: "booking" });
      expect(inboxRequests).toEqual(requests);
      const [allHeadings, ...everything] = await downloaded({});
      expect(everything.filter((r) => r[0] === "Booked session")).toHaveLength(3);
      expect(everything.filter((r) => r[0] === "Booking request")).toHaveLength(1);
      expect(allHeadings).toEqual(
        expect.arrayContaining(["Session", "Counsellor", "Session starts"]),
      );
    });

    it("a person's data holds their booked sessions, and erasing both of their addresses removes them, leaving the counsellors' settings", async () => {
      const inbox = createInbox(database.db);
      // Kemi booked from home, and from work with the same phone written another way.
      const home = (await inbox.findPerson(["kemi@home.ng"]))!;
      expect(home.appointments).toMatchObject([
        { submission: `s${ids.booked}`, session: "Couples Counselling Session", status: "Booked" },
      ]);
      expect(home.submissions.map((s) => s.kind)).toEqual(["appointment"]);
      expect(home.related.flatMap((r) => r.records.map((x) => [x.kind, x.email]))).toEqual([
        ["appointment", "kemi@work.ng"],
      ]);
      const both = (await inbox.findPerson(["kemi@home.ng", "kemi@work.ng"]))!;
      expect(both.appointments.map((a) => a.status)).toEqual(["Booked", "Cancelled"]);
      expect(JSON.stringify(both)).not.toContain("secret");

      const erased = (await inbox.erasePerson(["kemi@home.ng", "kemi@work.ng"], reader))!;
      expect(erased).toMatchObject({ submissions: 2, appointments: 2, notIncluded: [] });
      const left = await database.db.select().from(appointments);
      expect(left.map((a) => a.counsellorId)).toEqual(["amaka"]);
      expect((await inbox.findPerson(["08035550101"]))!.appointments).toEqual([]);
      expect(await database.db.$count(counsellorSettings)).toBe(1);
      expect(await database.db.$count(counsellorTimeOff)).toBe(1);
      expect(await database.db.$count(counsellorBusyTimes)).toBe(1);
      const [audit] = await database.db
        .select()
        .from(contentAudit)
        .where(eq(contentAudit.action, "erase"));
      expect(audit!.detail).toContain("2 booked sessions");
      expect(audit!.detail).not.toContain("kemi");
    });
  });
}
