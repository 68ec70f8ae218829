import { type Cookie, type Page, expect, test } from "@playwright/test";
import sharp from "sharp";
import { listItem, pageWords, signInAsEditor } from "../support/editor";
import { gotoHydrated } from "../support/hydration";
import { routes } from "../support/routes";

/**
 * What the practice types reaches visitors as it meant it (issue 29 items 3 to 6): links, search
 * and link-preview text, old prices, the home photo. On a 390 px phone, as the office manager
 * edits; against the editor's own site (playwright.config.ts).
 */
test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const naira = (n: number) => `₦${n.toLocaleString("en-NG")}`;
const freshPrice = () => 5_000 + Math.floor(Math.random() * 40_000);

async function openEditor(page: Page, path: string) {
  await gotoHydrated(page, path);
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeVisible();
}

async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Published. The page is live.")).toBeVisible({ timeout: 20_000 });
}

let session: Cookie[] | undefined;
test.beforeEach(async ({ page }) => {
  if (session) return page.context().addCookies(session);
  await signInAsEditor(page);
  session = await page.context().cookies();
});

/** The three descriptions a search result or a WhatsApp preview shows. */
async function descriptions(page: Page): Promise<string[]> {
  return Promise.all(
    [
      'meta[name="description"]',
      'meta[property="og:description"]',
      'meta[name="twitter:description"]',
    ].map(async (selector) => (await page.locator(selector).getAttribute("content")) ?? ""),
  );
}

test.describe("item 3: a link typed without https:// is a link on the page", () => {
  test("[WhatsApp](wa.me/…) in an FAQ answer is published as a link to https://wa.me/…", async ({
    page,
  }) => {
    await openEditor(page, "/admin/faq");
    const answer = (await listItem(page, "Question 1")).getByLabel("Answer");
    await answer.fill(
      "Yes. Chat with us on [WhatsApp](wa.me/2349060001234), see www.kindredhearts.ng " +
        "or [write to us](/contact).",
    );
    await publish(page);
    await page.goto("/faq");
    const main = page.locator("main");
    await expect(main.locator('a[href="https://wa.me/2349060001234"]')).toHaveCount(1);
    await expect(main.locator('a[href="/contact"]').filter({ hasText: "write to us" })).toHaveCount(
      1,
    );
    expect(await main.textContent()).not.toContain("](");
  });

  test("a link that cannot be mended is refused at its field with what to type", async ({
    page,
  }) => {
    await openEditor(page, "/admin/faq");
    const answer = (await listItem(page, "Question 1")).getByLabel("Answer");
    await answer.fill("Message us on [WhatsApp](our whatsapp number).");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(answer).toHaveAttribute("aria-invalid", "true");
    const message = page.getByText(
      "Write links as https://… or a page of this site such as /contact.",
    );
    await expect(message.first()).toBeVisible();
    await expect(page.getByText("Published. The page is live.")).toHaveCount(0);
  });
});

test.describe("item 4: search and link-preview text follow the published content", () => {
  test("a new book price shows in description, og:description and twitter:description", async ({
    page,
  }) => {
    const price = freshPrice();
    await openEditor(page, "/admin/book");
    await page.getByLabel("Price", { exact: true }).fill(String(price));
    await page.getByLabel("Old price (optional)", { exact: true }).fill("");
    await publish(page);
    await page.goto("/book");
    for (const description of await descriptions(page)) {
      expect(description).toContain(naira(price));
      expect(description).not.toContain("₦5,500");
    }
  });

  test("a past webinar's page no longer offers its date in search or link previews", async ({
    page,
  }) => {
    await openEditor(page, "/admin/hidden-thread");
    await page.getByLabel("Webinar date").fill("2020-01-04T10:00");
    await publish(page);
    await page.goto("/hidden-thread");
    for (const description of await descriptions(page)) {
      expect(description).not.toContain("January");
      expect(description).not.toContain("August 31st");
      expect(description).not.toContain("Registration required");
      expect(description).toContain("next date will be announced");
    }
    const next = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await openEditor(page, "/admin/hidden-thread");
    await page.getByLabel("Webinar date").fill(`${next}T10:00`);
    await publish(page);
    await page.goto("/hidden-thread");
    // the line above the heading: "Free webinar · <date>"
    const day = await page
      .locator("main h1")
      .locator("xpath=preceding-sibling::p[1]")
      .textContent();
    const date = /· (.+)$/.exec(day ?? "")![1]!;
    for (const description of await descriptions(page)) expect(description).toContain(date);
  });

  test("on every page, each price and date in the meta and JSON-LD is in the visible text", async ({
    page,
  }) => {
    const dateWords =
      /(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}(?:st|nd|rd|th)/g;
    for (const { path } of routes) {
      await page.goto(path);
      const said = [
        ...(await descriptions(page)),
        (await page.locator('meta[property="og:title"]').getAttribute("content")) ?? "",
      ];
      const jsonLd = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((els) => els.map((e) => e.textContent ?? ""));
      const visible = (await page.locator("body").innerText()).replace(/\s+/g, " ");
      const claims = [
        ...said.join(" ").matchAll(/₦\d{1,3}(?:,\d{3})*/g),
        ...said.join(" ").matchAll(dateWords),
      ].map((m) => m[0]);
      for (const ld of jsonLd)
        for (const m of ld.matchAll(/"price":\s*"?(\d+)"?/g)) claims.push(naira(Number(m[1])));
      for (const claim of claims) expect(visible, `${path} says ${claim}`).toContain(claim);
    }
  });
});

test("item 6: the book's Old price shows struck through with what it saves", async ({ page }) => {
  const price = freshPrice();
  await openEditor(page, "/admin/book");
  await page.getByLabel("Price", { exact: true }).fill(String(price));
  await page.getByLabel("Old price (optional)", { exact: true }).fill(String(price + 1_500));
  await publish(page);
  await page.goto("/book");
  const main = page.locator("main");
  await expect(main.locator("s")).toHaveText(`Was ${naira(price + 1_500)}`);
  await expect(main.getByText(`Save ${naira(1_500)}`)).toBeVisible();

  await openEditor(page, "/admin/book");
  const old = page.getByLabel("Old price (optional)", { exact: true });
  await old.fill(String(price - 1));
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(old).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("The old price must be more than the price.").first()).toBeVisible();
  await old.fill("");
  await publish(page);
});

test("item 5: a new Hero image, set to show on phones, is what a 390 px phone sees on /", async ({
  page,
}) => {
  const jpeg = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 90, g: 140, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  await openEditor(page, "/admin/home");
  const hero = page.getByRole("group", { name: "Hero", exact: true });
  const image = hero.getByLabel("Image", { exact: true });
  await expect(image).toHaveAccessibleDescription(/computers and tablets held sideways/);
  await image.setInputFiles({ name: "office.jpg", mimeType: "image/jpeg", buffer: jpeg });
  const alt = `Our Lekki office at dusk ${Date.now()}`;
  await hero.getByLabel("Alt text").fill(alt);
  await hero
    .getByLabel("On phones (optional)")
    .selectOption("Show the Hero image first, then the slides");
  await publish(page);
  await page.goto("/");
  await expect(page.getByRole("img", { name: alt })).toBeVisible();
});

test.describe("item 12: list items are headed by their own titles and long lists fold", () => {
  test("FAQ questions and team members are named by their question and name", async ({ page }) => {
    await openEditor(page, "/admin/faq");
    const second = page
      .locator("summary")
      .filter({ hasText: "What happens in the first session?" });
    await expect(second).toBeVisible();
    await expect(second).toContainText("Question 2");
    // Folded: the answer shows only once the question is opened.
    const group = page.getByRole("group", { name: "Question 2", exact: true });
    await expect(group).toBeHidden();
    await second.click();
    await expect(group.getByLabel("Answer")).toBeVisible();

    await openEditor(page, "/admin/team");
    const members = page.getByRole("group", { name: "Team members" }).locator("summary");
    await expect(members.first()).toContainText(/Member 1\s*\S+/);
    await expect(members.filter({ hasText: /^Member \d+$/ })).toHaveCount(0);
  });

  test("Services opens folded: its programmes are a list of titles, not 210 fields", async ({
    page,
  }) => {
    await openEditor(page, "/admin/services");
    const visibleFields = await page
      .locator("main")
      .locator("input:not([type=hidden]), textarea, select")
      .evaluateAll((els) => els.filter((e) => e.checkVisibility()).length);
    expect(visibleFields).toBeLessThan(60);
  });

  test("a new question opens to be filled in, and a folded one with an error opens by itself", async ({
    page,
  }) => {
    await openEditor(page, "/admin/faq");
    const groups = page.getByRole("group", { name: /^Question \d+$/, includeHidden: true });
    const count = await groups.count();
    await page.getByRole("button", { name: "Add question" }).click();
    const added = page.getByRole("group", { name: `Question ${count + 1}`, exact: true });
    await expect(added.getByLabel("Question", { exact: true })).toBeVisible();
    await expect(page.locator("summary").filter({ hasText: "New question" })).toBeVisible();
    await added.getByRole("button", { name: "Remove" }).click();

    const second = await listItem(page, "Question 2");
    await second.getByLabel("Question", { exact: true }).fill("");
    await page
      .locator("summary")
      .filter({ hasText: /^Question 2(?!\d)/ })
      .click();
    await expect(second).toBeHidden();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(second.getByLabel("Question", { exact: true })).toBeVisible();
    await expect(second.getByLabel("Question", { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
  });
});

test("item 13: a new service goes live on the first try with a title, a description and a price", async ({
  page,
}) => {
  const title = `Weekend Reset for Couples ${Date.now() % 100_000}`;
  await openEditor(page, "/admin/services");
  const category = await listItem(page, "Category 2");
  const programmes = category.getByRole("group", {
    name: /^Programme \d+$/,
    includeHidden: true,
  });
  const count = await programmes.count();
  await category.getByRole("button", { name: "Add programme" }).click();
  const added = category.getByRole("group", { name: `Programme ${count + 1}`, exact: true });
  await added.getByLabel("Title", { exact: true }).fill(title);
  await added
    .getByLabel("Description", { exact: true })
    .fill("Two unhurried sessions on one weekend, to talk, listen and plan the months ahead.");
  await added.getByLabel("Price (optional)", { exact: true }).fill("45000");
  await publish(page);

  await page.goto("/services");
  await expect(page.getByText(title).first()).toBeAttached();
  // Without a photo, the card shows one of the practice's own illustrations.
  const card = page.getByText(title).first().locator("xpath=ancestor::*[.//img][1]");
  await expect(card.locator("img").first()).toHaveAttribute("src", /service-/);

  await openEditor(page, "/admin/services");
  const again = await listItem(page, "Category 2");
  await (
    await listItem(again, `Programme ${count + 1}`)
  )
    .getByRole("button", { name: "Remove" })
    .click();
  await expect(again.getByText(title)).toHaveCount(0);
  await publish(page);
});

test("item 17: office hours take 9am and 7pm, and the days are chosen by name", async ({
  page,
}) => {
  await openEditor(page, "/admin/contact");
  const hours = page.getByRole("group", { name: "Office hours (Lagos time)" });
  const saturday = await listItem(hours, "Row 2");
  const day = saturday.getByRole("combobox", { name: "Day", exact: true }).first();
  await expect(day.locator("option:checked")).toHaveText("Saturday");
  await saturday.getByLabel("Opens (optional)").fill("9am");
  await saturday.getByLabel("Closes (optional)").fill("7.30 pm");
  await publish(page);
  await page.goto("/contact");
  await expect(page.getByText("9:00 AM – 7:30 PM").first()).toBeAttached();

  await openEditor(page, "/admin/contact");
  const again = await listItem(
    page.getByRole("group", { name: "Office hours (Lagos time)" }),
    "Row 2",
  );
  await again.getByLabel("Closes (optional)").fill("7");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(again.getByLabel("Closes (optional)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/Write a time such as 9am, 7pm/).first()).toBeVisible();
  await again.getByLabel("Opens (optional)").fill("10:00 AM");
  await again.getByLabel("Closes (optional)").fill("4pm");
  await publish(page);
});

test("item 18: /admin links to the list of changes, and it says every time in Lagos time", async ({
  page,
}) => {
  await openEditor(page, "/admin/values");
  await page.getByLabel("Publish at (optional)").fill("2099-12-01T09:00");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page).toHaveURL(/scheduled=\d+/, { timeout: 20_000 });

  await page.goto("/admin");
  await page.getByRole("link", { name: "Who changed what" }).click();
  await expect(page.getByRole("heading", { name: "Who changed what" })).toBeVisible();
  const list = page.locator("main ol");
  await expect(list).toContainText("goes live 1 Dec 2099, 09:00 WAT");
  expect(await list.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
});

test("item 14: Bold, Italic, List and Link format a longer text, previewed under it", async ({
  page,
}) => {
  await openEditor(page, "/admin/faq");
  const question = await listItem(page, "Question 1");
  const answer = question.getByLabel("Answer");
  await answer.fill("Call us today\nor write");
  await answer.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(8, 13));
  await question.getByRole("button", { name: "Bold" }).click();
  await expect(answer).toHaveValue("Call us **today**\nor write");
  await answer.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(18, 26));
  await question.getByRole("button", { name: "Link" }).click();
  await expect(answer).toHaveValue("Call us **today**\n[or write](https://)");
  await page.keyboard.type("wa.me/2349060001234");
  const preview = question.getByRole("figure", { name: "How it will look" });
  await expect(preview.locator("strong")).toHaveText("today");
  await expect(preview.getByRole("link", { name: "or write" })).toHaveAttribute(
    "href",
    "https://wa.me/2349060001234",
  );
});

test("item 14: a public page loads none of the editor's formatting code", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() === "script") scripts.push(await response.text());
  });
  await gotoHydrated(page, "/faq");
  await page.waitForLoadState("networkidle");
  for (const script of scripts) expect(script).not.toContain("How it will look");
});

test("item 19: the words under the book and on /team are the practice's to change", async ({
  page,
}) => {
  const heading = `Reading together? ${Date.now() % 100_000}`;
  await openEditor(page, "/admin/book");
  await (await pageWords(page, "Under the book")).getByLabel("Heading (optional)").fill(heading);
  await publish(page);
  await page.goto("/book");
  await expect(page.getByRole("heading", { name: heading })).toBeVisible();

  const cta = `Ready when you are ${Date.now() % 100_000}`;
  await openEditor(page, "/admin/team");
  await (await pageWords(page, "At the end of /team")).getByLabel("Heading (optional)").fill(cta);
  await publish(page);
  await page.goto("/team");
  await expect(page.getByRole("heading", { name: cta })).toBeVisible();
});

test("item 19: the footer's words about the practice are the practice's to change, in search results too", async ({
  page,
}) => {
  const blurb = `Kindred Hearts walks with couples and singles in Lagos and online, ${Date.now() % 100_000}.`;
  await openEditor(page, "/admin/contact");
  await page.getByLabel(/^About the practice/).fill(blurb);
  await publish(page);
  await page.goto("/");
  await expect(page.getByRole("contentinfo").getByText(blurb)).toBeVisible();
  const practiceLd = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) =>
      scripts
        .map((s) => JSON.parse(s.textContent ?? "{}") as { "@type"?: string; description?: string })
        .find((d) => d["@type"] === "ProfessionalService"),
    );
  expect(practiceLd?.description).toBe(blurb);
});

test("item 19: the words above the footer's newsletter sign-up are the practice's to change, and come back when emptied", async ({
  page,
}) => {
  const heading = `A letter for your marriage ${Date.now() % 100_000}`;
  const words = "Short, kind ideas from our counsellors, every Friday.";
  await openEditor(page, "/admin/contact");
  let group = await pageWords(page, "Newsletter sign-up in the footer");
  await group.getByLabel("Heading (optional)").fill(heading);
  await group.getByLabel("Text (optional)").fill(words);
  await publish(page);
  await page.goto("/faq");
  const signUp = page.getByRole("contentinfo").getByRole("region", { name: heading });
  await expect(signUp.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  await expect(signUp.getByText(words)).toBeVisible();
  await expect(signUp.getByRole("button", { name: "Subscribe" })).toBeVisible();

  // Emptied, each field goes back to the words the site came with.
  await openEditor(page, "/admin/contact");
  group = await pageWords(page, "Newsletter sign-up in the footer");
  await group.getByLabel("Heading (optional)").fill("");
  await group.getByLabel("Text (optional)").fill("");
  await publish(page);
  await page.goto("/faq");
  const shipped = page
    .getByRole("contentinfo")
    .getByRole("region", { name: "Relationship tips, once a week" });
  await expect(
    shipped.getByText("Practical ideas for a closer, kinder relationship."),
  ).toBeVisible();
});

test("item 19: a page's top and its call to action are the practice's to change, and come back when emptied", async ({
  page,
}) => {
  const stamp = Date.now() % 100_000;
  const top = {
    eyebrow: `Questions ${stamp}`,
    title: `Your questions, answered ${stamp}`,
    // Plain text: what looks like markup is shown as typed.
    intro: "Honest answers to what couples ask us first. <b>Ask us</b> anything else.",
  };
  const end = {
    heading: `Take the first step ${stamp}`,
    text: "One conversation, in confidence, in Lekki or online.",
    button: `Book a first conversation ${stamp}`,
  };
  await openEditor(page, "/admin/faq");
  let fields = await pageWords(page, "Top of /faq");
  // The fields hold the words the page shows now.
  await expect(fields.getByLabel("Title (optional)", { exact: true })).toHaveValue(
    "Frequently Asked Questions",
  );
  await fields
    .getByLabel("Small line above the title (optional)", { exact: true })
    .fill(top.eyebrow);
  await fields.getByLabel("Title (optional)", { exact: true }).fill(top.title);
  await fields.getByLabel("Opening paragraph (optional)", { exact: true }).fill(top.intro);
  await publish(page);

  await openEditor(page, "/admin/about");
  fields = await pageWords(page, "At the end of /about");
  await fields.getByLabel("Heading (optional)", { exact: true }).fill(end.heading);
  await fields.getByLabel("Text (optional)", { exact: true }).fill(end.text);
  await fields.getByLabel("Button (optional)", { exact: true }).fill(end.button);
  await publish(page);

  await page.goto("/faq");
  const header = page.locator("main > div").first();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(top.title);
  await expect(header.getByText(top.eyebrow, { exact: true })).toBeVisible();
  await expect(header.getByText(top.intro, { exact: true })).toBeVisible();
  await expect(header.locator("b")).toHaveCount(0);
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 2, name: end.heading })).toBeVisible();
  await expect(page.getByText(end.text)).toBeVisible();
  await expect(page.getByRole("link", { name: end.button })).toHaveAttribute("href", "/schedule");

  // Emptied, every field goes back to the words the site came with.
  await openEditor(page, "/admin/faq");
  fields = await pageWords(page, "Top of /faq");
  for (const label of ["Small line above the title", "Title", "Opening paragraph"])
    await fields.getByLabel(`${label} (optional)`, { exact: true }).fill("");
  await publish(page);
  await openEditor(page, "/admin/about");
  fields = await pageWords(page, "At the end of /about");
  for (const label of ["Heading", "Text", "Button"])
    await fields.getByLabel(`${label} (optional)`, { exact: true }).fill("");
  await publish(page);

  await page.goto("/faq");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
  // the line above the heading
  await expect(page.locator("main h1").locator("xpath=preceding-sibling::p[1]")).toHaveText(
    "FAQ's",
  );
  await expect(page.getByText("Reaching out for help raises questions.")).toBeVisible();
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 2, name: "Let us walk with you" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Schedule an appointment" })).toBeVisible();
});

test("item 19: /schedule's words are at /admin/schedule, without its title, which SPEC.md fixes", async ({
  page,
}) => {
  const heading = `WhatsApp us ${Date.now() % 100_000}`;
  const title = `Book a counselling session ${Date.now() % 100_000}`;
  await openEditor(page, "/admin/schedule");
  const top = await pageWords(page, "Top of /schedule");
  await expect(
    top.getByLabel("Small line above the title (optional)", { exact: true }),
  ).toHaveValue("Book a session");
  await expect(top.getByLabel(/^Title/)).toHaveCount(0);
  await (
    await pageWords(page, "WhatsApp")
  )
    .getByLabel("Heading (optional)", { exact: true })
    .fill(heading);
  await (
    await pageWords(page, "/schedule in search results")
  )
    .getByLabel("Title in search results (optional)", { exact: true })
    .fill(title);
  await publish(page);

  await page.goto("/schedule");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Schedule Your Appointment");
  await expect(page.getByRole("heading", { level: 3, name: heading })).toBeVisible();
  await expect(page).toHaveTitle(`${title} | Kindred Hearts Counselling`);

  await openEditor(page, "/admin/schedule");
  await (
    await pageWords(page, "WhatsApp")
  )
    .getByLabel("Heading (optional)", { exact: true })
    .fill("");
  await (
    await pageWords(page, "/schedule in search results")
  )
    .getByLabel("Title in search results (optional)", { exact: true })
    .fill("");
  await publish(page);
  await page.goto("/schedule");
  await expect(
    page.getByRole("heading", { level: 3, name: "Message us on WhatsApp" }),
  ).toBeVisible();
  await expect(page).toHaveTitle("Schedule Your Appointment | Kindred Hearts Counselling");
});

test("item 19: a past webinar's story says 'Our last webinar, The Hidden Thread, has taken place'", async ({
  page,
}) => {
  await openEditor(page, "/admin/hidden-thread");
  await page.getByLabel("Webinar date").fill("2020-01-04T10:00");
  await publish(page);
  await page.goto("/hidden-thread/day-1");
  await expect(page.getByText(/Our last webinar, .+, has taken place/)).toBeVisible();
  await expect(page.getByText(/The last The /)).toHaveCount(0);
  const next = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  await openEditor(page, "/admin/hidden-thread");
  await page.getByLabel("Webinar date").fill(`${next}T10:00`);
  await publish(page);
});
