import { expect, test } from "@playwright/test";
import { fakeHubspot } from "../../playwright.config";
import { fakes } from "../support/fakes";
import { fillContact, toastWith } from "../support/fixtures";
import { spawnServer } from "../support/spawn-server";

test("GET /status answers 200 with ok or attention, counts and jobs, never cached", async ({
  request,
}) => {
  const response = await request.get("/status");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const body = await response.json();
  expect(["ok", "attention"]).toContain(body.status);
  expect(Array.isArray(body.reasons)).toBe(true);
  expect(body.database).toBe("up");
  for (const destination of ["hubspot", "email", "receipt", "email-fallback"]) {
    expect(Object.keys(body.deliveries[destination]).sort()).toEqual(
      [
        "dead",
        "delivered",
        "held",
        "oldestPendingMinutes",
        "pending",
        "rejected",
        "sending",
        // a booking's e-mail no longer needed (a reminder of a cancelled session): nothing sent
        "skipped",
      ].sort(),
    );
  }
  expect(body.jobs.retention).toMatchObject({ overdue: false });
  // Counts and ages only: no address of anyone who wrote.
  expect(JSON.stringify(body)).not.toContain("@");
});

test.describe("with mail unset", () => {
  // beforeAll starts a server on a fresh embedded database: slow on a busy machine
  test.describe.configure({ mode: "serial", timeout: 150_000 });
  let server: Awaited<ReturnType<typeof spawnServer>>;
  // A form id of its own, so refusing it does not disturb the specs that share the fake HubSpot.
  const formId = "contact-form-no-mail";

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    await fetch(`${fakeHubspot}/__admin/mode`, {
      method: "POST",
      body: JSON.stringify({ mode: "reject", formId }),
    });
    server = await spawnServer({
      HUBSPOT_API_URL: fakeHubspot,
      HUBSPOT_PORTAL_ID: "12345",
      HUBSPOT_CONTACT_FORM_ID: formId,
      SMTP_URL: "",
      PRACTICE_INBOX: "",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("says at start that nothing is e-mailed to the practice", async () => {
    expect(server.output()).toContain("Mail: SMTP_URL not set");
    expect(server.output()).toContain("Practice inbox: PRACTICE_INBOX not set");
  });

  test("a HubSpot refusal does not promise 'our team will still see it', and /status says attention", async ({
    page,
  }) => {
    await page.goto(`${server.url}/contact`);
    const v = await fillContact(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toastWith(page, "Failed to save to CRM (HubSpot).")).toBeVisible();
    await expect(toastWith(page, "Your message is saved with us")).toBeVisible();
    await expect(toastWith(page, "our team will still see it")).toHaveCount(0);
    expect(await fakes.mailAbout(v.email)).toHaveLength(0);
    const status = await (await fetch(`${server.url}/status`)).json();
    expect(status.status).toBe("attention");
    expect(status.reasons).toContain("1 delivery rejected in the last 7 days");
  });
});
