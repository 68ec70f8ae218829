import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Access } from "../../app/lib/services/auth";
import { restoreBackup } from "../../server/operations/backup/restore-backup";
import { writeBackup } from "../../server/operations/backup/write-backup";
import type { Database } from "../../server/db/client";
import {
  appointments,
  counsellorSettings,
  orders,
  submissions,
  subscribers,
} from "../../server/db/schema";
import { createInbox } from "../../server/inbox";
import { ERASURE_LIST } from "../../server/inbox/erasures";
import { type OpenDatabase, openTempPglite, openTempPostgres } from "../support/databases";
import { postgresAvailable } from "../support/postgres";

/**
 * Erasing a person (issue 41): the page shows who was found and the records that share their
 * address or number, says "erased" only of what was, and a backup made before the erasure,
 * restored, does not bring them back.
 */

const reader: Access = {
  email: "office@kindredhearts.ng",
  edit: false,
  inbox: true,
  signedInAt: new Date(),
};

const hasPostgres = await postgresAvailable();
const kinds: [string, OpenDatabase | undefined][] = [
  ["PGlite", openTempPglite("site-erasure-")],
  ["Postgres", hasPostgres ? openTempPostgres : undefined],
];
const work = mkdtempSync(path.join(tmpdir(), "site-erasure-backups-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const at = (m: number) => new Date(Date.parse("2026-11-20T09:00:00Z") + m * 60_000);

/** Funmi wrote from home, booked from work with the same phone, and signed up from work. */
async function seed(database: Database) {
  await database.db.insert(submissions).values([
    {
      kind: "contact",
      payload: { name: "Funmi Adé", email: "funmi@home.ng", phone: "+234 802 555 0101" },
      createdAt: at(1),
    },
    {
      kind: "booking",
      payload: { name: "Funmilayo Adé", email: "f.ade@work.ng", phone: "0802 555 0101" },
      createdAt: at(2),
    },
    {
      kind: "contact",
      payload: { name: "Someone Else", email: "else@example.com", phone: "0809 000 0000" },
      createdAt: at(3),
    },
  ]);
  await database.db.insert(subscribers).values({ email: "F.Ade@work.ng", token: "tw" });
  await database.db.insert(orders).values({
    reference: "ref-funmi",
    itemId: "book",
    itemName: "A book",
    amountKobo: 3_500_000,
    status: "paid",
    name: "Funmi Adé",
    email: "funmi@home.ng",
    phone: "08025550101",
    createdAt: at(4),
  });
}

for (const [name, open] of kinds) {
  describe.runIf(open)(`erasing a person on ${name}`, () => {
    it("shows who was found, offers the records that share their number, and erases only what it says", async () => {
      const { database, cleanup } = await open!();
      try {
        await seed(database);
        const inbox = createInbox(database.db);
        const found = (await inbox.findPerson(["FUNMI@home.ng"]))!;
        expect(found.seen).toEqual({
          names: ["Funmi Adé"],
          emails: ["funmi@home.ng"],
          phones: ["+234 802 555 0101"],
        });
        expect(found.submissions).toHaveLength(1);
        // The booking from work shares the phone: offered, not included.
        expect(found.related.map((r) => r.value)).toEqual(["+234 802 555 0101"]);
        expect(found.related[0]!.records).toMatchObject([
          { kind: "booking", name: "Funmilayo Adé", email: "f.ade@work.ng" },
        ]);

        // Erased by the home address alone: the work booking stays, and the answer says so.
        const partial = (await inbox.erasePerson(["funmi@home.ng"], reader))!;
        expect(partial).toMatchObject({ erased: ["funmi@home.ng"], submissions: 1, orders: 1 });
        expect(partial.notIncluded.flatMap((r) => r.records.map((x) => x.email))).toEqual([
          "f.ade@work.ng",
        ]);
        const rest = (await inbox.findPerson(["0802 555 0101"]))!;
        expect(rest.submissions.map((s) => s.fields.email)).toEqual(["f.ade@work.ng"]);
        // The work address's sign-up is offered from the number.
        expect(rest.related.map((r) => r.value)).toEqual(["f.ade@work.ng"]);
        expect(rest.related[0]!.records).toMatchObject([{ kind: "subscriber" }]);

        const whole = (await inbox.findPerson(["0802 555 0101", "f.ade@work.ng"]))!;
        expect(whole.related).toEqual([]);
        const erased = (await inbox.erasePerson(["0802 555 0101", "f.ade@work.ng"], reader))!;
        expect(erased).toMatchObject({ submissions: 1, subscribers: 1, notIncluded: [] });
        const left = await database.db.select().from(submissions);
        expect(left.map((s) => s.payload.email)).toEqual(["else@example.com"]);
      } finally {
        await database.close();
        await cleanup();
      }
    }, 180_000);

    it("a backup made before the erasure, restored, does not bring the person back", async () => {
      const dir = mkdtempSync(path.join(work, `${name}-`));
      const file = path.join(dir, "kindred-hearts-2026-11-20-0215.jsonl.gz");
      const source = await open!();
      try {
        await seed(source.database);
        await writeBackup(source.database, file);
        const inbox = createInbox(source.database.db, {
          erasureList: path.join(dir, ERASURE_LIST),
        });
        await inbox.erasePerson(["funmi@home.ng", "+2348025550101", "f.ade@work.ng"], reader);
        const list = readFileSync(path.join(dir, ERASURE_LIST), "utf8");
        // The list holds only a time, a random salt and hashes: none of the
        // person's addresses, in any spelling (a random salt or hash may
        // contain "ade" or "555" by chance, so look for the addresses whole).
        for (const line of list.trim().split("\n")) {
          expect(Object.keys(JSON.parse(line)).sort()).toEqual(["at", "hashes", "salt"]);
        }
        for (const plain of [
          "funmi@home.ng",
          "2348025550101",
          "08025550101",
          "f.ade@work.ng",
          "funmi",
          "work.ng",
        ]) {
          expect(list.toLowerCase()).not.toContain(plain);
        }
      } finally {
        await source.database.close();
        await source.cleanup();
      }

      const target = await open!();
      try {
        const { erasedAgain } = await restoreBackup(target.database, file);
        expect(erasedAgain).toMatchObject({ submissions: 2, subscribers: 1, orders: 1 });
        const restored = createInbox(target.database.db);
        for (const q of ["funmi@home.ng", "0802 555 0101", "f.ade@work.ng"]) {
          const record = (await restored.findPerson([q]))!;
          expect(record.submissions, q).toEqual([]);
          expect(record.subscribers, q).toEqual([]);
          expect(record.orders, q).toEqual([]);
        }
        const [order] = await target.database.db.select().from(orders);
        expect(order).toMatchObject({ reference: "ref-funmi", amountKobo: 3_500_000, email: "" });
        expect((await restored.page({}, 1)).rows.map((r) => r.name)).toEqual(["", "Someone Else"]);
      } finally {
        await target.database.close();
        await target.cleanup();
      }
    }, 180_000);

    it("erasing a person by both addresses removes their booked sessions, and a restore of an earlier backup does not bring them back", async () => {
      const dir = mkdtempSync(path.join(work, `${name}-sessions-`));
      const file = path.join(dir, "kindred-hearts-2026-11-20-0300.jsonl.gz");
      // Funmi booked a session from home and another from work, with one phone written two ways.
      const sessions = async (database: Database) => {
        const [home, work] = await database.db
          .insert(submissions)
          .values([
            {
              kind: "booking",
              payload: { name: "Funmi", email: "funmi@home.ng", phone: "0802 555 0101" },
            },
            {
              kind: "booking",
              payload: { name: "Funmilayo", email: "f.ade@work.ng", phone: "+2348025550101" },
            },
          ])
          .returning({ id: submissions.id });
        const at = (hour: number) => new Date(Date.UTC(2026, 11, 7, hour));
        const row = (submissionId: number, hour: number) => ({
          submissionId,
          counsellorId: "amaka",
          sessionType: "couples-counselling-session",
          status: "booked" as const,
          startsAt: at(hour),
          endsAt: new Date(at(hour).getTime() + 50 * 60_000),
          blockedUntil: at(hour + 1),
        });
        await database.db.insert(appointments).values([row(home!.id, 8), row(work!.id, 10)]);
        await database.db.insert(counsellorSettings).values({ counsellorId: "amaka" });
      };
      const source = await open!();
      try {
        await seed(source.database);
        await sessions(source.database);
        await writeBackup(source.database, file);
        const inbox = createInbox(source.database.db, {
          erasureList: path.join(dir, ERASURE_LIST),
        });
        // Found by the home address, the work booking is offered through the shared phone.
        const found = (await inbox.findPerson(["funmi@home.ng"]))!;
        expect(found.appointments).toHaveLength(1);
        expect(found.related.flatMap((r) => r.records.map((x) => x.kind))).toContain("appointment");
        const erased = (await inbox.erasePerson(["funmi@home.ng", "f.ade@work.ng"], reader))!;
        expect(erased).toMatchObject({ appointments: 2 });
        expect(await source.database.db.$count(appointments)).toBe(0);
        // The counsellor's settings are the practice's, not Funmi's.
        expect(await source.database.db.$count(counsellorSettings)).toBe(1);
      } finally {
        await source.database.close();
        await source.cleanup();
      }

      const target = await open!();
      try {
        const { counts, erasedAgain } = await restoreBackup(target.database, file);
        expect(counts.appointments).toBe(2);
        expect(erasedAgain).toMatchObject({ appointments: 2 });
        expect(await target.database.db.$count(appointments)).toBe(0);
        expect(await target.database.db.$count(counsellorSettings)).toBe(1);
        const restored = createInbox(target.database.db);
        expect((await restored.findPerson(["0802 555 0101"]))!.appointments).toEqual([]);
      } finally {
        await target.database.close();
        await target.cleanup();
      }
    }, 180_000);
  });
}
