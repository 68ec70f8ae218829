import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { type Database, openDatabase } from "../../server/db/client";
import { appointments, deliveries, submissions, subscribers } from "../../server/db/schema";
import { createFormsService } from "../../server/visitors/forms/service";
import { listUnsubscribeHeaders } from "../../server/visitors/forms/unsubscribe-headers";
import { createLogger } from "../../server/operations/logger";
import { createOutbox } from "../../server/integrations/deliveries/outbox";
import { applyRetention } from "../../server/operations/retention";
import { createRateLimiter } from "../../server/http/rate-limit";
import { freshDataDir } from "../support/databases";

const logger = createLogger("silent");
const meta = { ip: "203.0.113.9", pageUri: "http://x/contact", pageName: "Contact Us" };
const contact = {
  name: "Ada",
  email: "ada@example.com",
  phone: "",
  need: "other" as const,
  message: "Hello, I need some help please.",
};

describe("forms service", () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    dir = freshDataDir("site-forms-");
    database = await openDatabase({ dataDir: dir });
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const service = (
    limit = 100,
    destinations = { contact: ["email" as const], newsletter: [], booking: [] },
  ) =>
    createFormsService({
      db: database.db,
      config: loadConfig({}),
      outbox: createOutbox({ db: database.db, handlers: {}, logger }),
      rateLimit: createRateLimiter({ db: database.db, limit }),
      logger,
      destinations,
    });

  it("stores a contact message with one outbox row per destination", async () => {
    const result = await service().contact(contact, meta);
    expect(result.status).toBe("ok");
    const id = (result as { id: number }).id;
    const [row] = await database.db.select().from(submissions).where(eq(submissions.id, id));
    expect(row!.payload).toMatchObject({
      name: "Ada",
      email: "ada@example.com",
      pageName: "Contact Us",
    });
    const outbox = await database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.submissionId, id));
    expect(outbox.map((d) => d.destination)).toEqual(["email"]);
  });

  it("rate limits per form and address, and says when to come back", async () => {
    const forms = service(2);
    const other = { ...meta, ip: "198.51.100.1" };
    expect((await forms.contact(contact, other)).status).toBe("ok");
    expect((await forms.contact(contact, other)).status).toBe("ok");
    const third = await forms.contact(contact, other);
    expect(third).toMatchObject({ status: "rate-limited" });
    expect((third as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(500);
    // another form from the same address is counted separately
    expect((await forms.newsletter({ email: "x@example.com" }, other)).status).toBe("ok");
  });

  it("keeps one subscriber per address whatever its case, and unsubscribes by token", async () => {
    const forms = service();
    await forms.newsletter({ email: "Reader@Example.com" }, meta);
    await forms.newsletter({ email: "reader@example.com" }, meta);
    const rows = await database.db.select().from(subscribers);
    const mine = rows.filter((r) => r.email.toLowerCase() === "reader@example.com");
    expect(mine).toHaveLength(1);
    expect(await forms.unsubscribe(mine[0]!.token)).toBe(true);
    expect(await forms.unsubscribe("wrong-token")).toBe(false);
    const [after] = await database.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.id, mine[0]!.id));
    expect(after!.unsubscribedAt).not.toBeNull();
    expect(await forms.subscription(mine[0]!.token)).toBe("unsubscribed");
    expect(await forms.subscription("wrong-token")).toBe("unknown");
    expect(await forms.subscription("\u0000")).toBe("unknown");
    // Signing up again (nobody confirmed it is the owner) answers the same, and does not undo
    // the unsubscribe nor tell the CRM.
    const before = (await database.db.select().from(submissions)).length;
    expect((await forms.newsletter({ email: "READER@example.com" }, meta)).status).toBe("ok");
    const [again] = await database.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.id, mine[0]!.id));
    expect(again!.unsubscribedAt).not.toBeNull();
    expect(await database.db.select().from(submissions)).toHaveLength(before);
  });

  it("a GET-safe lookup never unsubscribes; one-click headers point at the POST", async () => {
    const forms = service();
    await forms.newsletter({ email: "scanner@example.com" }, meta);
    const [row] = (await database.db.select().from(subscribers)).filter(
      (r) => r.email === "scanner@example.com",
    );
    expect(await forms.subscription(row!.token)).toBe("subscribed");
    expect(await forms.subscription(row!.token)).toBe("subscribed");
    expect(listUnsubscribeHeaders("https://site.test", row!.token)).toEqual({
      "List-Unsubscribe": `<https://site.test/newsletter/unsubscribe?token=${row!.token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("marks a booking request booked only with its token", async () => {
    const forms = service();
    const result = await forms.booking(
      { name: "Bola", email: "bola@example.com", phone: "+2348030000000" },
      meta,
    );
    expect(result.status).toBe("ok");
    const { id, token } = result as { id: number; token: string };
    expect(await forms.markBooked(id, "forged")).toBe(false);
    expect(await forms.markBooked(id, token)).toBe(true);
    const [row] = await database.db.select().from(submissions).where(eq(submissions.id, id));
    expect(row!.status).toBe("booked");
    expect(row!.payload.booked).toBe("yes");
  });

  it("answers 'unavailable' and keeps nothing when the database is gone", async () => {
    const d = freshDataDir("site-forms-");
    const db2 = await openDatabase({ dataDir: d });
    const forms = createFormsService({
      db: db2.db,
      config: loadConfig({}),
      outbox: createOutbox({ db: db2.db, handlers: {}, logger }),
      rateLimit: createRateLimiter({ db: db2.db, limit: 5 }),
      logger,
      destinations: { contact: [], newsletter: [], booking: [] },
    });
    await db2.close();
    expect(await forms.contact(contact, meta)).toEqual({ status: "unavailable" });
    rmSync(d, { recursive: true, force: true });
  });

  it("retention deletes old submissions with their outbox rows, and old unsubscribes", async () => {
    const old = new Date(Date.now() - 400 * 24 * 3600_000);
    const [s] = await database.db
      .insert(submissions)
      .values({ kind: "contact", payload: {}, createdAt: old })
      .returning();
    await database.db.insert(deliveries).values({ submissionId: s!.id, destination: "email" });
    await database.db
      .insert(subscribers)
      .values({ email: "gone@example.com", token: "gone", unsubscribedAt: old });
    const counts = await applyRetention(database.db, 365);
    expect(counts.submissions).toBeGreaterThanOrEqual(1);
    expect(counts.subscribers).toBe(1);
    expect(
      await database.db.select().from(submissions).where(eq(submissions.id, s!.id)),
    ).toHaveLength(0);
    expect(
      await database.db.select().from(deliveries).where(eq(deliveries.submissionId, s!.id)),
    ).toHaveLength(0);
  });

  it("retention keeps an old booking's submission until RETENTION_DAYS after its session", async () => {
    const day = 24 * 3600_000;
    const made = new Date(Date.now() - 40 * day);
    const booking = async (sessionInDays: number, status: "booked" | "cancelled") => {
      const [s] = await database.db
        .insert(submissions)
        .values({ kind: "booking", payload: {}, createdAt: made })
        .returning();
      const startsAt = new Date(Date.now() + sessionInDays * day);
      const endsAt = new Date(startsAt.getTime() + 3600_000);
      await database.db.insert(appointments).values({
        submissionId: s!.id,
        counsellorId: `retention-${sessionInDays}-${status}`,
        sessionType: "couples",
        status,
        startsAt,
        endsAt,
        blockedUntil: endsAt,
      });
      return s!.id;
    };
    const ahead = await booking(20, "booked");
    const recent = await booking(-10, "booked");
    const longPast = await booking(-35, "booked");
    const cancelled = await booking(20, "cancelled");
    await applyRetention(database.db, 30);
    const left = async (id: number) =>
      (await database.db.select().from(submissions).where(eq(submissions.id, id))).length;
    expect(await left(ahead)).toBe(1);
    expect(await left(recent)).toBe(1);
    expect(await left(longPast)).toBe(0);
    expect(await left(cancelled)).toBe(0);
  });
});
