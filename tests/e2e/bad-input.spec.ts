import { type APIRequestContext, type APIResponse, expect, test } from "@playwright/test";

/**
 * Bad input of every kind, sent to every form and every page that reads its query string, gets a
 * 4xx or the page with the field's error: never a 5xx. Values are written already percent-encoded,
 * so that a NUL, an invalid percent sequence or invalid UTF-8 reach the server as such.
 */

/** Each value as it appears in a query string or a urlencoded body. */
const badValues = [
  "%00",
  "a%00b",
  "Ngozi%0D%0APhone:%20%2B234%20800%20000%200000",
  "%0A",
  "%09",
  "%1B%5B31m",
  "%7F",
  "%C2%85", // NEL, a C1 control
  "%E2%80%AE", // RIGHT-TO-LEFT OVERRIDE
  "%E2%81%A6", // LEFT-TO-RIGHT ISOLATE
  "%E2%80%A8", // LINE SEPARATOR
  "%ED%A0%80", // a lone surrogate, invalid UTF-8
  "%FF%FE",
  "%C0%80", // overlong NUL
  "%", // an invalid percent sequence
  "%zz",
  "abc",
  "-1",
  "0",
  "1.5",
  "1e309",
  "NaN",
  "Infinity",
  "99999999999999999999",
  "2147483648",
  "KH-000000000000000000000000",
  "'%3B%20drop%20table%20orders%3B--",
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "..%2F..%2Fetc%2Fpasswd",
  "x".repeat(2_000),
  "%F0%9F%98%80".repeat(50),
];

/** What each form posts when filled in well; each field in turn gets each bad value. */
const forms: { path: string; fields: Record<string, string> }[] = [
  {
    path: "/contact",
    fields: {
      name: "Ada",
      email: "ada%40example.com",
      phone: "",
      need: "other",
      message: "Hello%2C%20I%20would%20like%20to%20talk%20to%20someone.",
    },
  },
  { path: "/schedule", fields: { name: "Ada", email: "ada%40example.com", phone: "08030000000" } },
  { path: "/schedule", fields: { intent: "booked", id: "1", token: "abc" } },
  { path: "/newsletter", fields: { email: "ada%40example.com" } },
  {
    path: "/checkout?item=high-quality-singles",
    fields: { name: "Ada", email: "ada%40example.com", phone: "08030000000" },
  },
  { path: "/newsletter/unsubscribe?token=abc", fields: { confirm: "1" } },
];

/** Pages whose answer depends on the query string or the path. */
const queryPages = [
  (v: string) => `/checkout?item=${v}`,
  (v: string) => `/thank-you?ref=${v}`,
  (v: string) => `/thank-you?reference=${v}`,
  (v: string) => `/thank-you?trxref=${v}&reference=${v}`,
  (v: string) => `/hidden-thread/${v}`,
  (v: string) => `/newsletter/unsubscribe?token=${v}`,
  (v: string) => `/schedule?id=${v}`,
  (v: string) => `/schedule.data?id=${v}`,
  (v: string) => `/contact?name=${v}`,
];

function encodeBody(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}

/** Sends and counts one request; the answer must not be a 5xx. */
async function expectNo5xx(
  label: string,
  send: () => Promise<APIResponse>,
  tally: { tried: number },
) {
  tally.tried += 1;
  const response = await send();
  expect(response.status(), `${label} answered ${response.status()}`).toBeLessThan(500);
  return response;
}

function report(tally: { tried: number }, what: string) {
  test.info().annotations.push({ type: "requests tried", description: `${tally.tried} ${what}` });
  console.log(`bad-input sweep: ${tally.tried} ${what}, 0 answered 5xx`);
}

test.describe("bad input is never answered with a 5xx", () => {
  test("every page that reads its query string or path", async ({ request }) => {
    const tally = { tried: 0 };
    for (const page of queryPages) {
      for (const value of badValues) {
        const url = page(value);
        await expectNo5xx(url.slice(0, 120), () => request.get(url), tally);
      }
    }
    report(tally, "query-driven page requests");
  });

  test("every field of every form", async ({ request, baseURL }) => {
    const tally = { tried: 0 };
    const origin = new URL(baseURL!).origin;
    const post = (req: APIRequestContext, path: string, body: string) =>
      req.post(path, {
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
        data: body,
        maxRedirects: 0,
      });
    for (const form of forms) {
      for (const field of Object.keys(form.fields)) {
        for (const value of badValues) {
          const body = encodeBody({ ...form.fields, [field]: value });
          await expectNo5xx(
            `${form.path} ${field}=${value.slice(0, 40)}`,
            () => post(request, form.path, body),
            tally,
          );
        }
      }
      // A bad field name, a repeated key and a body that is not urlencoded at all.
      for (const body of ["%00=1", "name=a&name=%00", "%=%", "&&&=", "a".repeat(5_000)]) {
        await expectNo5xx(
          `${form.path} body ${body.slice(0, 20)}`,
          () => post(request, form.path, body),
          tally,
        );
      }
    }
    report(tally, "form posts");
  });

  test("a NUL in a name is answered with the field's message, not stored", async ({
    request,
    baseURL,
  }) => {
    const response = await request.post("/contact", {
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: new URL(baseURL!).origin,
      },
      data: encodeBody({ ...forms[0]!.fields, name: "Ngozi%0D%0APhone:%201" }),
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain(
      "Please remove line breaks and special characters from your name.",
    );
  });

  test("a NUL in the unsubscribe token is a 404 page, not an error", async ({ request }) => {
    const response = await request.get("/newsletter/unsubscribe?token=%00");
    expect(response.status()).toBe(404);
  });
});
