import { expect, test } from "@playwright/test";
import { fakes } from "../support/fakes";
import {
  contact,
  deliveredOnce,
  forms,
  isFormPost,
  RETRY_WAIT_MS,
  openAndFill,
  postsTo,
  fakesAcceptEveryForm,
} from "../support/form-cases";
import { toastWith } from "../support/fixtures";

/**
 * Answers that are not the site's own (issue 18, finding 6): a proxy's 413, 502 or 504 while the
 * site restarts, a captive portal's page. Each keeps what was typed, shows the form's failure
 * message and is sent again by itself, like a dropped connection, and arrives exactly once.
 */

const nginxPage = (status: number, text: string) =>
  `<html>\r\n<head><title>${status} ${text}</title></head>\r\n<body>\r\n<center><h1>${status} ${text}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

const proxyAnswers = [
  { status: 413, contentType: "text/html", body: nginxPage(413, "Request Entity Too Large") },
  { status: 502, contentType: "text/html", body: nginxPage(502, "Bad Gateway") },
  { status: 504, contentType: "text/plain", body: "upstream request timeout" },
];

test.beforeEach(fakesAcceptEveryForm);

// Every form meets one of the answers, in turn, and every answer several forms: the handling of
// an answer that is not the site's own is one piece of code, shared by all five
// (app/lib/forms/client-action.ts, components/forms/useResilientForm.ts).
forms.forEach((form, i) => {
  test.describe(form.name, () => {
    // The shared fakes are steered above, so one form's cases run one at a time.
    test.describe.configure({ mode: "serial" });

    const answer = proxyAnswers[i % proxyAnswers.length]!;
    test(`a proxy's ${answer.status} keeps the words, says so, and the retry arrives once`, async ({
      page,
    }) => {
      const email = await openAndFill(page, form);
      const typed = await form.kept(page).inputValue();
      let answered = false;
      await page.route(postsTo(form), (route) => {
        if (!isFormPost(route) || answered) return route.fallback();
        answered = true;
        return route.fulfill(answer);
      });
      await form.button(page).click();
      await expect(toastWith(page, form.unreachable)).toBeVisible({ timeout: RETRY_WAIT_MS });
      await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
      await expect(form.kept(page)).toHaveValue(typed);
      // Nothing reached the site; the automatic retry (5 s later) does, once.
      await form.succeeded(page, RETRY_WAIT_MS);
      expect(answered).toBe(true);
      await deliveredOnce(form, email);
    });
  });
});

test.describe("contact: the site's own limit and other pages in the way", () => {
  test.describe.configure({ mode: "serial" });

  test("a 4,950-character Yoruba message is accepted and reaches the CRM whole", async ({
    page,
  }) => {
    const phrase = "Ọ̀rọ̀ ìfẹ́ ṣe pàtàkì nínú ìgbéyàwó. Ẹ ṣé o, ẹ jọ̀ọ́ ẹ ràn wá lọ́wọ́. ";
    const message = [...phrase.repeat(100)].slice(0, 4950).join("").trim();
    // Over the old 16 KB limit, URL-encoded: the server used to answer 413 and lose the page.
    expect(Buffer.byteLength(new URLSearchParams({ message }).toString())).toBeGreaterThan(
      16 * 1024,
    );
    const email = await openAndFill(page, contact, "yoruba");
    await page.getByLabel("Message", { exact: true }).fill(message);
    await contact.button(page).click();
    await contact.succeeded(page, RETRY_WAIT_MS);
    await expect
      .poll(async () => (await fakes.hubspotReceivedFor(email)).length, { timeout: 20_000 })
      .toBe(1);
    const [received] = await fakes.hubspotReceivedFor(email);
    expect(received!.body.fields.find((f) => f.name === "message")?.value).toBe(message);
  });

  test("the site's own 413 for a body made too big on the way keeps the words, and the retry arrives once", async ({
    page,
  }) => {
    const email = await openAndFill(page, contact);
    const typed = await contact.kept(page).inputValue();
    let status = 0;
    await page.route(postsTo(contact), async (route) => {
      if (!isFormPost(route) || status) return route.fallback();
      // Something on the way pads the body past the limit; the server refuses it itself.
      const padded = `${route.request().postData()}&padding=${"x".repeat(100_000)}`;
      const response = await route.fetch({ postData: padded });
      status = response.status();
      await route.fulfill({ response });
    });
    await contact.button(page).click();
    await expect(toastWith(page, contact.unreachable)).toBeVisible({ timeout: RETRY_WAIT_MS });
    expect(status).toBe(413);
    await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
    await expect(contact.kept(page)).toHaveValue(typed);
    await contact.succeeded(page, RETRY_WAIT_MS);
    await deliveredOnce(contact, email);
  });

  test("a captive portal's page answering 200 keeps the words, and the retry arrives once", async ({
    page,
  }) => {
    const email = await openAndFill(page, contact);
    let answered = false;
    await page.route(postsTo(contact), (route) => {
      if (!isFormPost(route) || answered) return route.fallback();
      answered = true;
      return route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<!doctype html><title>Sign in</title><h1>Buy a data bundle to continue</h1>",
      });
    });
    await contact.button(page).click();
    await expect(toastWith(page, contact.unreachable)).toBeVisible({ timeout: RETRY_WAIT_MS });
    await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
    await contact.succeeded(page, RETRY_WAIT_MS);
    await deliveredOnce(contact, email);
  });
});
