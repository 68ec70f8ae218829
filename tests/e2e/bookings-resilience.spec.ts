import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Page, type Route, expect, test } from "@playwright/test";
import { like } from "drizzle-orm";
import { messages } from "../../app/content/messages";
import { TIME_TAKEN } from "../../server/bookings/book";
import { openDatabase } from "../../server/db/client";
import { deliveries } from "../../server/db/schema";
import { confirmationsTo, confirmedOnce } from "../support/booking-mails";
import { toastWith, uniqueId } from "../support/fixtures";
import { RETRY_WAIT_MS } from "../support/form-cases";
import { createTempDatabase, postgresAvailable } from "../support/postgres";
import { spawnServer } from "../support/spawn-server";

/**
 * Bookings the practice owns (issue 42) when things go wrong: two processes on one Postgres, a
 * process killed between a booking and its reminders, and Complete Booking on a bad network or
 * behind a proxy that answers for the site. Each on sites of its own: none shares the suite's.
 */

test.describe.configure({ mode: "serial", timeout: 180_000 });
// Each test makes the databases it needs (the two processes' on Postgres): the suite's second run,
// with the shared sites on Postgres, would only repeat them.
test.skip(Boolean(process.env.E2E_DATABASE_URL), "run once, in the first end-to-end run");

/** A native-bookings site as the suite's own, its e-mails to the tests' SMTP sink. */
const nativeSite = (extra: Record<string, string> = {}) => ({
  BOOKINGS: "native",
  SMTP_URL: `smtp://127.0.0.1:${process.env.FAKE_SMTP_PORT}`,
  MAIL_FROM: "website@kindredhearts.ng",
  PRACTICE_INBOX: "team@kindredhearts.ng",
  // Many posts from one address: the limiter has its own tests.
  FORM_RATE_LIMIT: "100000",
  ...extra,
});

/** What /schedule offers first: the chosen session type and the offered times, in order. */
async function offered(url: string, query = "") {
  const html = await (await fetch(`${url}/schedule${query}`)).text();
  const radio = [...html.matchAll(/<input[^>]*name="sessionTypeId"[^>]*>/g)].find((m) =>
    / checked=/.test(m[0]),
  );
  return {
    sessionTypeId: /value="([^"]+)"/.exec(radio![0])![1]!,
    times: [...html.matchAll(/name="time" value="([^"]+)"/g)].map((m) => m[1]!),
  };
}

/** Complete Booking as a browser without JavaScript posts it. */
function postBooking(url: string, form: Record<string, string>) {
  return fetch(`${url}/schedule`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
  });
}

test.describe("two processes, one Postgres", () => {
  test("twenty bookings of one time sent at once to two processes give one booking; the others hear it was just taken", async () => {
    test.skip(!(await postgresAvailable()), "no Postgres answers");
    const temp = await createTempDatabase();
    const env = nativeSite({ DATABASE_URL: temp.url });
    const one = await spawnServer(env);
    const two = await spawnServer(env);
    try {
      const { sessionTypeId, times } = await offered(one.url);
      const time = times[3]!;
      const run = uniqueId();
      const emails = Array.from({ length: 20 }, (_, i) => `race.${run}.${i}@example.com`);
      const answers = await Promise.all(
        emails.map(async (email, i) => {
          const site = i % 2 ? one : two;
          const response = await postBooking(site.url, {
            name: "Kemi Race",
            email,
            phone: "+234 803 000 3333",
            sessionTypeId,
            // One counsellor: "First available" would rightly give the others someone else.
            counsellorId: "dr-adaeze-okafor",
            time,
          });
          return {
            status: response.status,
            location: response.headers.get("location"),
            html: await response.text(),
          };
        }),
      );
      const booked = answers.filter(
        (a) => a.status === 303 && /^\/bookings\//.test(a.location ?? ""),
      );
      expect(booked).toHaveLength(1);
      const refused = answers.filter((a) => a.status !== 303);
      expect(refused).toHaveLength(19);
      for (const a of refused) {
        expect(a.status).toBeGreaterThanOrEqual(400);
        expect(a.status).toBeLessThan(500);
        expect(a.html).toContain(TIME_TAKEN);
        // What they typed is still in the form they are shown.
        expect(a.html).toContain('value="Kemi Race"');
      }
      // The time is gone from the counsellor's times on both processes; one confirmation in all.
      const hers = `?type=${sessionTypeId}&counsellor=dr-adaeze-okafor`;
      expect((await offered(one.url, hers)).times).not.toContain(time);
      expect((await offered(two.url, hers)).times).not.toContain(time);
      expect((await offered(one.url, hers)).times).toContain(times[0]);
      const counts = await Promise.all(emails.map(confirmationsTo));
      await expect
        .poll(
          async () => (await Promise.all(emails.map(confirmationsTo))).reduce((a, b) => a + b),
          {
            timeout: 30_000,
          },
        )
        .toBe(1);
      expect(counts.every((n) => n <= 1)).toBe(true);
    } finally {
      await one.stop();
      await two.stop();
      await temp.drop();
    }
  });
});

test("killed with -9 between a booking and its reminders: after the restart the reminders still wait, the booking stands, nothing is sent twice", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-booking-kill-"));
  const env = nativeSite({ DATA_DIR: dataDir });
  let server = await spawnServer(env);
  try {
    const { sessionTypeId, times } = await offered(server.url);
    const time = times.at(-1)!;
    const email = `kill.${uniqueId()}@example.com`;
    const answer = await postBooking(server.url, {
      name: "Tunde Restart",
      email,
      phone: "+234 803 000 4444",
      sessionTypeId,
      counsellorId: "first",
      time,
    });
    expect(answer.status).toBe(303);
    const bookingPage = answer.headers.get("location")!;
    await confirmedOnce(email);

    server.child.kill("SIGKILL");
    await server.exited;

    // What the killed process left on disk: the two reminders, waiting for their hour.
    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db
        .select()
        .from(deliveries)
        .where(like(deliveries.destination, "booking-reminder:%"))
        .orderBy(deliveries.nextAttemptAt);
      const start = Date.parse(`${time}:00+01:00`);
      expect(rows.map((r) => [r.destination.split(":")[1]!.split("-")[0], r.status])).toEqual([
        ["24h", "pending"],
        ["2h", "pending"],
      ]);
      expect(rows.map((r) => r.nextAttemptAt.getTime())).toEqual([
        start - 24 * 3_600_000,
        start - 2 * 3_600_000,
      ]);
    } finally {
      await database.close();
    }

    server = await spawnServer(env);
    const page = await fetch(`${server.url}${bookingPage}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`dateTime="${time}+01:00"`);
    expect(html).toContain("Booked");
    // The restarted outbox finds nothing left to send for it: still one confirmation.
    await confirmedOnce(email);
  } finally {
    await server.stop();
  }
});

test.describe("Complete Booking on a bad network, with JavaScript", () => {
  let server: Awaited<ReturnType<typeof spawnServer>>;
  test.beforeAll(async () => {
    server = await spawnServer(nativeSite());
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  const isBookingPost = (route: Route) =>
    route.request().method() === "POST" &&
    new URL(route.request().url()).pathname.startsWith("/schedule");

  /** /schedule on a phone, details typed and the n-th time chosen; the visitor's address. */
  async function fillAndChoose(page: Page, n: number) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/schedule`);
    const email = `net.${uniqueId()}@example.com`;
    await page.getByLabel("Name", { exact: true }).fill("Amaka Network");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Contact number").fill("+234 803 000 5555");
    await page.locator('input[name="time"]').nth(n).check();
    const time = await page.locator('input[name="time"]').nth(n).getAttribute("value");
    return { email, time: time! };
  }

  /** Typed details and the chosen time are all still there, and nothing broke the page. */
  async function keptAsTyped(page: Page, time: string) {
    await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Amaka Network");
    await expect(page.getByLabel("Contact number")).toHaveValue("+234 803 000 5555");
    await expect(page.locator(`input[name="time"][value="${time}"]`)).toBeChecked();
  }

  async function landsBooked(page: Page, time: string) {
    await expect(page).toHaveURL(/\/bookings\/[A-Za-z0-9_-]+/, { timeout: RETRY_WAIT_MS });
    await expect(page.getByRole("heading", { level: 1, name: "Booked" })).toBeVisible();
    await expect
      .poll(() => page.locator("dl time").first().getAttribute("datetime"))
      .toBe(`${time}+01:00`);
  }

  const nginxPage = (status: number, text: string) =>
    `<html><head><title>${status} ${text}</title></head><body><center><h1>${status} ${text}</h1></center><hr><center>nginx</center></body></html>`;
  const proxyAnswers = [
    { status: 413, contentType: "text/html", body: nginxPage(413, "Request Entity Too Large") },
    { status: 502, contentType: "text/html", body: nginxPage(502, "Bad Gateway") },
    { status: 504, contentType: "text/plain", body: "upstream request timeout" },
  ];

  for (const [i, answer] of proxyAnswers.entries()) {
    test(`a proxy's ${answer.status} keeps the details and the time, says so, and the retry books once`, async ({
      page,
    }) => {
      const { email, time } = await fillAndChoose(page, i);
      let answered = false;
      await page.route("**/schedule*", (route) => {
        if (!isBookingPost(route) || answered) return route.fallback();
        answered = true;
        return route.fulfill(answer);
      });
      await page.getByRole("button", { name: "Complete Booking" }).click();
      await expect(toastWith(page, messages.booking.unreachable)).toBeVisible({
        timeout: RETRY_WAIT_MS,
      });
      await keptAsTyped(page, time);
      // Nothing reached the site; the automatic retry (5 s later) does, once.
      await landsBooked(page, time);
      await confirmedOnce(email);
    });
  }

  test("the answer lost after the booking was stored: the retry shows the same booking, and one e-mail", async ({
    page,
  }) => {
    const { email, time } = await fillAndChoose(page, 3);
    let cut = false;
    await page.route("**/schedule*", async (route) => {
      if (!isBookingPost(route) || cut) return route.fallback();
      cut = true;
      // The site stores the booking; the answer dies on the way back.
      await route.fetch();
      return route.abort("connectionreset");
    });
    await page.getByRole("button", { name: "Complete Booking" }).click();
    await expect(toastWith(page, messages.booking.unreachable)).toBeVisible();
    await keptAsTyped(page, time);
    await landsBooked(page, time);
    await confirmedOnce(email);
  });

  test("sent offline, the booking goes by itself when the connection is back, once", async ({
    page,
    context,
  }) => {
    const { email, time } = await fillAndChoose(page, 4);
    await context.setOffline(true);
    await page.getByRole("button", { name: "Complete Booking" }).click();
    await expect(toastWith(page, messages.booking.unreachable)).toBeVisible();
    await keptAsTyped(page, time);
    await context.setOffline(false);
    await landsBooked(page, time);
    await confirmedOnce(email);
  });
});
