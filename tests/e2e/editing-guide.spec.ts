import { type Browser, type Cookie, type Page, test as base, expect } from "@playwright/test";
import sharp from "sharp";
import { fakes } from "../support/fakes";
import { networkLine, noisyPhoto, uniqueId } from "../support/fixtures";
import {
  EDITOR_EMAIL,
  SECOND_EDITOR_EMAIL,
  expectInView,
  listItem,
  nextMinuteWat,
  pageWords,
  signInAsEditor,
  signInLinkFor,
  signInWithLink,
} from "../support/editor";
import { gotoHydrated } from "../support/hydration";
import { fingerprintReader, startPasskeySite } from "../support/passkeys";

/**
 * docs/editing.md, followed word for word on a 390 px phone, as the practice's office manager
 * does with the guide as her only help (issue 29, "Done means"). Each test is one section of the
 * guide; the names, buttons and messages are the ones the guide prints. When the guide and the
 * editor part ways, this file fails.
 */
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const test = base.extend<{ visitor: Page }>({
  /**
   * A visitor's phone, never signed in: the public pages as everyone else sees them. (Playwright's
   * `use` is called `provide` here, so that the React hooks lint does not take it for React's.)
   */
  visitor: async ({ browser }, provide) => {
    const context = await browser.newContext(phone);
    await provide(await context.newPage());
    await context.close();
  },
});
test.describe.configure({ mode: "serial" });
test.use(phone);
test.setTimeout(120_000);

const naira = (n: number) => `₦${n.toLocaleString("en-NG")}`;
const stamp = () => Date.now() % 100_000;
/** A price no earlier run has used, so that seeing it on the page proves this publish. */
const freshPrice = () => 5_000 + (stamp() % 30_000);

let session: Cookie[] | undefined;
test.beforeEach(async ({ page }) => {
  if (session) await page.context().addCookies(session);
});

let secondSession: Cookie[] | undefined;
/** The other editor's phone (SECOND_EDITOR_EMAIL), signed in by a mailed link once in this file. */
async function otherEditor(browser: Browser) {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  if (secondSession) await context.addCookies(secondSession);
  else {
    await signInAsEditor(page, SECOND_EDITOR_EMAIL);
    secondSession = await context.cookies();
  }
  return page;
}

async function open(page: Page, path: string) {
  await gotoHydrated(page, path);
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeVisible();
}

/**
 * "Publish: the change is live within two seconds. The page says 'Published. The page is live.'
 * with a link to see it." Said in view, wherever the button was pressed.
 */
async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expectOutcome(page, "Published. The page is live.");
  await expect(page.getByRole("link", { name: "View the public page" }).first()).toBeVisible();
}

/**
 * The outcome of a press (a status or an alert) that says `text`, in view on the phone. Where the
 * top of the page says it too (a conflict), the one beside the buttons, the last, is in view.
 */
async function expectOutcome(page: Page, text: string | RegExp) {
  const outcome = page
    .getByRole("status")
    .or(page.getByRole("alert"))
    .filter({ hasText: text })
    .last();
  await expect(outcome).toBeVisible({ timeout: 20_000 });
  await expectInView(outcome);
}

/** Opens the folded list item titled `title` and presses its Remove. */
async function removeItem(page: Page, group: RegExp, title: string) {
  await page.locator("summary").filter({ hasText: title }).first().click();
  await page
    .getByRole("group", { name: group })
    .filter({ has: page.locator(`input[value="${title}"]`) })
    .getByRole("button", { name: "Remove" })
    .click();
  await expect(page.locator("summary").filter({ hasText: title })).toHaveCount(0);
}

test("Signing in: a link by e-mail, opened in the same browser, and Sign in", async ({ page }) => {
  // 1. Open /admin, type your address in E-mail and press Send sign-in link.
  await page.goto("/admin");
  await page.getByLabel("E-mail").fill(EDITOR_EMAIL);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  // The page says a link is on its way.
  await expect(page.getByText("a sign-in link is on its way")).toBeVisible();
  // 2. Open the e-mail "Your sign-in link for the website" in the same browser, press Sign in.
  const link = await signInLinkFor(page);
  const mails = await fakes.mailDecodedAbout(link);
  expect(mails.some((m) => m.text.includes("Subject: Your sign-in link for the website"))).toBe(
    true,
  );
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  // After signing in, /admin lists the pages, each with its own editor at /admin + its address.
  await expect(page.getByRole("heading", { name: "Edit the website", exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  for (const path of [
    "/admin/book",
    "/admin/services",
    "/admin/faq",
    "/admin/team",
    "/admin/hidden-thread",
    "/admin/contact",
  ]) {
    await expect(page.locator(`main a[href="${path}"]`).first(), path).toBeAttached();
  }
  // 3. Sign out is at the top of /admin.
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  session = await page.context().cookies();
});

test("Changing a page, Preview: the draft is saved and shown as visitors will see it, on a phone and at full width", async ({
  page,
  visitor,
}) => {
  await open(page, "/admin/book");
  const author = page.getByLabel("Author", { exact: true });
  const live = await author.inputValue();
  const draft = `Funmilayo Okafor ${stamp()}`;
  await author.fill(draft);
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expectInView(
    page
      .getByRole("region", { name: "Preview of your draft" })
      .getByText("Your draft is saved. Visitors still see the published page until you publish."),
  );
  for (const size of [/^On a phone/, /^At full width/]) {
    const frame = page.getByRole("figure", { name: size }).locator("iframe").contentFrame();
    await expect(frame.getByText(`by ${draft}`)).toBeVisible({ timeout: 20_000 });
  }
  await visitor.goto("/book");
  await expect(visitor.getByText(`by ${live}`)).toBeVisible();
  await expect(visitor.getByText(draft)).toHaveCount(0);
  // Save draft: "Next time you open the editor, you continue from it. Discard draft throws it away."
  await page.getByRole("link", { name: "Back to editing" }).click();
  await expect(author).toHaveValue(draft);
  await expect(page.getByText("You are editing a saved draft.")).toBeVisible();
  await page.getByRole("button", { name: "Discard draft" }).click();
  await expectOutcome(page, "Draft discarded. The form shows the live version.");
  await expect(author).toHaveValue(live);
});

test("Changing a page, Publish at: a passed time is refused, a later one waits as Scheduled with Cancel and goes live by itself, on top of a typo fix or not at all where both changed the price", async ({
  page,
  browser,
  visitor,
}) => {
  test.setTimeout(240_000);
  const other = await otherEditor(browser);
  const publishAt = page.getByLabel(/^Publish at/);
  const history = page.getByRole("region", { name: "History" }).getByRole("listitem");
  const mine = freshPrice();

  // "A time that has already passed is refused: choose a later one"
  await open(page, "/admin/book");
  await page.getByLabel("Price", { exact: true }).fill(String(mine));
  await publishAt.fill(nextMinuteWat(-60 * 60_000).input);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expectOutcome(page, "Not published: 1 field needs attention.");
  await expect(publishAt).toHaveAttribute("aria-invalid", "true");
  await expectInView(page.getByText(/^That time has passed \(it is now .+ WAT\)/));
  // "the list at the top says what to check"
  await expect(
    page.getByRole("alert").filter({ hasText: "Nothing was saved or published" }),
  ).toContainText("Publish at: That time has passed");

  // "set a date and time (Lagos time) and press Publish … It shows as 'Scheduled' in the
  // history, with Cancel."
  const due = nextMinuteWat(40_000);
  const dueWat = `${new Date(due.at + 60 * 60_000).toISOString().slice(11, 16)} WAT`;
  await publishAt.fill(due.input);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expectOutcome(page, "Scheduled.");
  await expect(history.first()).toContainText("Scheduled");
  await history.first().getByRole("button", { name: "Cancel" }).click();
  await expectOutcome(page, /^Version \d+ will not go live\.$/);
  await expect(history.first()).toContainText("Cancelled");
  await page.getByLabel("Price", { exact: true }).fill(String(mine));
  await publishAt.fill(due.input);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expectOutcome(page, "Scheduled.");

  const opening = `We sit with couples and families across Lagos, ${stamp()}.`;
  await open(page, "/admin/team");
  await page.getByLabel(/^Opening line/).fill(opening);
  await publishAt.fill(due.input);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expectOutcome(page, "Scheduled.");

  // Meanwhile the other editor changes the same price, and fixes a typo on /team.
  const theirs = mine + 1;
  await open(other, "/admin/book");
  await other.getByLabel("Price", { exact: true }).fill(String(theirs));
  await publish(other);
  const typoFix = `Ready to meet us? ${stamp()}`;
  await open(other, "/admin/team");
  await (await pageWords(other, "At the end of /team")).getByLabel(/^Heading/).fill(typoFix);
  await publish(other);
  await other.context().close();
  expect(Date.now(), "both published before the scheduled time").toBeLessThan(due.at);
  await visitor.goto("/team");
  await expect(visitor.getByText(opening)).toHaveCount(0);

  // "the version goes live by itself then": on top of theirs, both show.
  await expect
    .poll(
      async () => {
        await visitor.goto("/team");
        return visitor.getByText(opening).count();
      },
      { timeout: due.at - Date.now() + 30_000, intervals: [2_000] },
    )
    .toBe(1);
  await expect(visitor.getByRole("heading", { name: typoFix })).toBeVisible();
  // Where both changed the price, theirs stays and mine is not published.
  await visitor.goto("/book");
  await expect(visitor.getByText(naira(theirs)).first()).toBeVisible();
  await expect(visitor.getByText(naira(mine))).toHaveCount(0);

  // History, /admin and the page's editor say what became of each, "for a week".
  const onTop = new RegExp(`Scheduled change of .+, ${dueWat} went live on top of version \\d+`);
  const notPublished = new RegExp(
    `Scheduled change of .+, ${dueWat} was not published: Price had also been changed in version \\d+ by ${SECOND_EDITOR_EMAIL}`,
  );
  await page.goto("/admin");
  await expect(page.getByRole("status").filter({ hasText: onTop })).toHaveCount(1);
  await expect(page.getByRole("alert").filter({ hasText: notPublished })).toHaveCount(1);
  await open(page, "/admin/team");
  await expect(page.getByRole("status").filter({ hasText: onTop })).toHaveCount(1);
  await expect(history.filter({ hasText: onTop })).toHaveCount(1);

  // "press View on your version and make the change again on the live one"
  await open(page, "/admin/book");
  await expect(page.getByRole("alert").filter({ hasText: notPublished })).toHaveCount(1);
  const refused = history.filter({ hasText: notPublished });
  await refused.getByRole("link", { name: /^View/ }).click();
  await expect(page.getByText(naira(mine)).first()).toBeVisible();
  await page.getByRole("link", { name: "Back to editing" }).click();
  await expect(page.getByLabel("Price", { exact: true })).toHaveValue(String(theirs));
  await page.getByLabel("Price", { exact: true }).fill(String(mine));
  await publish(page);
  await visitor.goto("/book");
  await expect(visitor.getByText(naira(mine)).first()).toBeVisible();
});

test("Change a price: Price and Old price, then Publish", async ({ page }) => {
  const price = freshPrice();
  await open(page, "/admin/book");
  // "type the new amount in Price in whole naira, without commas or ₦"
  await page.getByLabel("Price", { exact: true }).fill(String(price));
  // "To show a reduction, put the earlier amount in Old price; it must be more than the price."
  await page.getByLabel("Old price (optional)", { exact: true }).fill(String(price + 2_000));
  await publish(page);
  await page.goto("/book");
  const main = page.locator("main");
  // "The page then shows the old price struck through and 'Save ₦…'"
  await expect(main.locator("s")).toContainText(naira(price + 2_000));
  await expect(main.getByText(`Save ${naira(2_000)}`)).toBeVisible();
  // "a new book price … is in them at once" (search results and link previews)
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
    "content",
    new RegExp(naira(price).replace(/[₦,]/g, (c) => `\\${c}`)),
  );
  // "Leave Old price empty when there is none."
  await open(page, "/admin/book");
  await page.getByLabel("Old price (optional)", { exact: true }).fill("");
  await publish(page);
});

/** A JPEG file named `name`, `width` x `height` in one colour: enough for the editor and the page. */
async function photoFile(
  name: string,
  width: number,
  height: number,
  background: { r: number; g: number; b: number },
) {
  const buffer = await sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

test("Change the home page photo: the Hero Image, Alt text and On phones for everyone; a slide's Image for phones only", async ({
  page,
  visitor,
}) => {
  await open(page, "/admin/home");
  const hero = page.getByRole("group", { name: "Hero", exact: true });
  const slides = page.getByRole("group", { name: "Phone banner slides" });
  // "The grey line under each says so."
  await expect(hero.getByLabel("Image", { exact: true })).toHaveAccessibleDescription(
    /1024 px wide and wider/,
  );
  await expect(slides).toHaveAccessibleDescription(/narrower than 1024 px/);

  // "To change the photo everyone sees"
  await hero
    .getByLabel("Image", { exact: true })
    .setInputFiles(await photoFile("office.jpg", 1600, 1200, { r: 90, g: 140, b: 160 }));
  const heroAlt = `Our Lekki office at dusk, ${stamp()}`;
  await hero.getByLabel("Alt text").fill(heroAlt);
  await hero.getByLabel("On phones").selectOption("Show the Hero image first, then the slides");
  await publish(page);
  // "Phones then show your photo first, then the slides."
  await visitor.goto("/");
  const carousel = visitor.getByRole("region", { name: "Highlights" });
  const first = carousel.getByRole("group", { name: /^1 of \d+$/ });
  await expect(first.getByRole("img", { name: heroAlt })).toBeVisible();
  await visitor.setViewportSize({ width: 1024, height: 768 });
  await expect(visitor.getByRole("img", { name: heroAlt })).toBeVisible();

  // "To change only what phones see, change a slide's Image under 'Phone banner slides' instead."
  await open(page, "/admin/home");
  const slide = await listItem(page.getByRole("group", { name: "Phone banner slides" }), "Slide 1");
  await slide
    .getByLabel("Image", { exact: true })
    .setInputFiles(await photoFile("garden.jpg", 1200, 800, { r: 110, g: 150, b: 90 }));
  const slideAlt = `The garden where couples wait, ${stamp()}`;
  await slide.getByLabel("Alt text").fill(slideAlt);
  await publish(page);
  await visitor.setViewportSize(phone.viewport);
  await visitor.goto("/");
  await expect(
    carousel.getByRole("group", { name: /^2 of \d+$/ }).getByRole("img", { name: slideAlt }),
  ).toBeAttached();
  await visitor.setViewportSize({ width: 1024, height: 768 });
  await expect(visitor.getByRole("img", { name: heroAlt })).toBeVisible();
  await expect(visitor.getByRole("img", { name: slideAlt })).toBeHidden();
});

test("Long lists: each thing folded as its own title, pressed to open and to fold", async ({
  page,
}) => {
  await open(page, "/admin/faq");
  // "Question 2 What happens in the first session?"
  const title = page.locator("summary").filter({ hasText: "What happens in the first session?" });
  await expect(title).toContainText("Question 2");
  const fields = page.getByRole("group", { name: "Question 2", exact: true });
  await expect(fields).toBeHidden();
  await title.click();
  await expect(fields.getByLabel("Answer")).toBeVisible();
  await title.click();
  await expect(fields).toBeHidden();
});

test("Add a service: the category's name, Add programme, Title, Description, Price, Publish", async ({
  page,
}) => {
  const name = `Weekend Reset ${stamp()}`;
  await open(page, "/admin/services");
  // "press the category's name (for example 'Marriage Programs') to open it"
  await page.locator("summary").filter({ hasText: "Marriage Programs" }).first().click();
  const category = page
    .getByRole("group", { name: /^Category \d+$/ })
    .filter({ has: page.getByRole("button", { name: "Add programme" }) })
    .first();
  await category.getByRole("button", { name: "Add programme" }).click();
  const added = category.getByRole("group", { name: /^Programme \d+$/ }).last();
  await added.getByLabel("Title", { exact: true }).fill(name);
  await added
    .getByLabel("Description", { exact: true })
    .fill("Two unhurried sessions on one weekend, to talk, listen and plan the months ahead.");
  await added.getByLabel("Price (optional)", { exact: true }).fill("45000");
  // "That is all": no short name, no image.
  await publish(page);
  await page.goto("/services");
  await expect(page.getByText(name).first()).toBeAttached();

  await open(page, "/admin/services");
  await page.locator("summary").filter({ hasText: "Marriage Programs" }).first().click();
  await removeItem(page, /^Programme \d+$/, name);
  await publish(page);
});

test("Add a team member: Add member, name, title, role, bio, Photo and Alt text, Publish", async ({
  page,
}) => {
  const name = `Temitope Bello ${stamp()}`;
  await open(page, "/admin/team");
  await page.getByRole("button", { name: "Add member" }).click();
  const member = page.getByRole("group", { name: /^Member \d+$/ }).last();
  await member.getByLabel("Name", { exact: true }).fill(name);
  await member.getByLabel("Title", { exact: true }).fill("Counsellor");
  await member.getByLabel("Role", { exact: true }).fill("Couples and pre-marital counselling");
  await member
    .getByLabel("Bio", { exact: true })
    .fill("Temitope listens first, and helps couples find words for what they have not said.");
  await member
    .getByLabel("Photo", { exact: true })
    .setInputFiles(await photoFile("temitope.jpg", 900, 1_200, { r: 120, g: 90, b: 70 }));
  // "A chosen photo shows beside its field at once, before anything is sent"
  await expect(member.getByRole("img", { name: /^The chosen .+, not sent yet$/ })).toBeVisible();
  const alt = `${name}, smiling, in the practice's garden`;
  await member.getByLabel("Alt text").fill(alt);
  await publish(page);
  await page.goto("/team");
  await expect(page.getByRole("img", { name: alt })).toBeAttached();

  // "Remove takes a member away."
  await open(page, "/admin/team");
  await removeItem(page, /^Member \d+$/, name);
  await publish(page);
});

test("Change the office hours: Opens and Closes as you would write them", async ({ page }) => {
  await open(page, "/admin/contact");
  const hours = page.getByRole("group", { name: "Office hours (Lagos time)" });
  const row = await listItem(hours, "Row 2");
  // "9am, 7pm, 7:30 pm or 19:00 all work"
  await row.getByLabel("Opens (optional)").fill("9am");
  await row.getByLabel("Closes (optional)").fill("7:30 pm");
  await publish(page);
  await page.goto("/contact");
  await expect(page.getByText("9:00 AM – 7:30 PM").first()).toBeAttached();
  await open(page, "/admin/contact");
  const back = await listItem(
    page.getByRole("group", { name: "Office hours (Lagos time)" }),
    "Row 2",
  );
  await back.getByLabel("Opens (optional)").fill("10:00 AM");
  await back.getByLabel("Closes (optional)").fill("16:00");
  await publish(page);
});

test("Words on /book and /team: changed and published, and back to the words the site came with when emptied", async ({
  page,
  visitor,
}) => {
  const n = stamp();
  const words = {
    list: `What the book gives you ${n}`,
    underHeading: `Reading it together? ${n}`,
    underText: `Bring a chapter to your next session and we will talk it through, ${n}.`,
    opening: `The people who will listen to you, ${n}.`,
    end: `Come and meet us ${n}`,
  };
  const bookFields = (editor: Page) => {
    const under = editor.getByRole("group", { name: "Under the book" });
    return [
      [editor.getByLabel(/^Heading above the list/), words.list],
      [under.getByLabel(/^Heading/), words.underHeading],
      [under.getByLabel(/^Text/), words.underText],
    ] as const;
  };
  const teamFields = (editor: Page) =>
    [
      [editor.getByLabel(/^Opening line/), words.opening],
      [
        editor.getByRole("group", { name: "At the end of /team" }).getByLabel(/^Heading/),
        words.end,
      ],
    ] as const;
  // The words around a page start folded to the line that says where they show.
  const folded = { "/admin/book": "Under the book", "/admin/team": "At the end of /team" };
  /** Every field on both pages set to `typed(its new words)`, then published, page by page. */
  const publishBoth = async (typed: (value: string) => string) => {
    for (const [path, fields] of [
      ["/admin/book", bookFields],
      ["/admin/team", teamFields],
    ] as const) {
      await open(page, path);
      await pageWords(page, folded[path]);
      for (const [field, value] of fields(page)) await field.fill(typed(value));
      await publish(page);
    }
  };
  await publishBoth((value) => value);
  await visitor.goto("/book");
  await expect(visitor.getByRole("heading", { name: words.list })).toBeVisible();
  await expect(visitor.getByRole("heading", { name: words.underHeading })).toBeVisible();
  await expect(visitor.getByText(words.underText)).toBeVisible();
  await visitor.goto("/team");
  await expect(visitor.getByText(words.opening)).toBeVisible();
  await expect(visitor.getByRole("heading", { name: words.end })).toBeVisible();

  // "empty, they go back to the words the site came with"
  await publishBoth(() => "");
  await visitor.goto("/book");
  await expect(visitor.getByRole("heading", { name: "Inside you will find" })).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "Want support as you read?" })).toBeVisible();
  await expect(visitor.getByText(words.underText)).toHaveCount(0);
  await visitor.goto("/team");
  await expect(visitor.getByText(/^Behind every session is a person/)).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "Ready to meet us?" })).toBeVisible();
});

test("Set the next webinar: Webinar date and Registration link; once it has passed, registration stops by itself, and a new date brings Register now back", async ({
  page,
  visitor,
}) => {
  test.setTimeout(180_000);
  const registration = `https://forms.gle/hidden-thread-${stamp()}`;
  const soon = nextMinuteWat(20_000);
  await open(page, "/admin/hidden-thread");
  await page.getByLabel("Webinar date").fill(soon.input);
  await page.getByLabel("Registration link").fill(registration);
  await publish(page);
  const register = visitor.getByRole("link", { name: "Register now" }).first();
  await visitor.goto("/hidden-thread");
  await expect(register).toHaveAttribute("href", registration);

  // "Once that date and time have passed, the site stops offering registration by itself and
  // says the next date will be announced"
  await expect
    .poll(
      async () => {
        await visitor.goto("/hidden-thread");
        return visitor.getByRole("link", { name: "Register now" }).count();
      },
      { timeout: soon.at - Date.now() + 30_000, intervals: [2_000] },
    )
    .toBe(0);
  await expect(visitor.getByText(/the next date will be announced/).first()).toBeVisible();

  // "a new date brings 'Register now' back"
  const next = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  await open(page, "/admin/hidden-thread");
  await page.getByLabel("Webinar date").fill(`${next}T16:00`);
  await publish(page);
  await visitor.goto("/hidden-thread");
  await expect(register).toHaveAttribute("href", registration);
});

test("Undo a change: History, View and Restore", async ({ page }) => {
  await open(page, "/admin/book");
  const history = page.getByRole("region", { name: "History" });
  const before = await page.getByLabel("Price", { exact: true }).inputValue();
  await page.getByLabel("Price", { exact: true }).fill(String(Number(before) + 1));
  await publish(page);
  // "Restore publishes it again as a new version, so nothing is ever lost."
  const restore = history.getByRole("button", { name: /^Restore version \d+$/ }).first();
  await restore.click();
  await expect(page.getByText("Restored. The page is live.")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel("Price", { exact: true })).toHaveValue(before);
  // "Who changed what on /admin lists every change by everyone … Every time … is Lagos time (WAT)."
  await page.goto("/admin");
  await page.getByRole("link", { name: "Who changed what" }).click();
  await expect(page.getByText(/WAT/).first()).toBeVisible();
});

test("Two people editing at once: Publish is refused with who, when and Yours, Continue from the newer version, then Publish on top of theirs", async ({
  page,
  browser,
  visitor,
}) => {
  const other = await otherEditor(browser);
  await open(page, "/admin/book");
  await open(other, "/admin/book");
  const title = await other.getByLabel("Title", { exact: true }).inputValue();
  const n = stamp();
  const fixed = `${title.replace(/ \(\d+\)$/, "")} (${n})`;
  const theirs = 5_000 + (n % 30_000);
  const mine = theirs + 500;
  // Someone else fixes the title and changes the price, and publishes first.
  await other.getByLabel("Title", { exact: true }).fill(fixed);
  await other.getByLabel("Price", { exact: true }).fill(String(theirs));
  await publish(other);
  await other.context().close();

  await page.getByLabel("Price", { exact: true }).fill(String(mine));
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  // "the page says 'Not published: someone else published first', who published and when, and
  // keeps your changes in the form"
  await expectOutcome(page, "Not published: someone else published first.");
  const refusal = page
    .getByRole("alert")
    .filter({ has: page.getByRole("button", { name: "Continue from the newer version" }) });
  await expect(refusal).toContainText(
    new RegExp(`${SECOND_EDITOR_EMAIL} published a newer version \\(version \\d+\\) at .+ WAT`),
  );
  await expect(page.getByLabel("Price", { exact: true })).toHaveValue(String(mine));
  // "each field where your form and the newer version differ is listed with Yours and the newer
  // version's value, and the fields only they changed are named"
  await expect(refusal).toContainText(`Yours: ${naira(mine)}`);
  await expect(refusal).toContainText(new RegExp(`Version \\d+: ${naira(theirs)}`));
  await expect(refusal).toContainText(/Version \d+ also changed Title/);

  await refusal.getByRole("button", { name: "Continue from the newer version" }).click();
  // "the form now shows the newer version with your changes kept on top of it, and the list of
  // differences again"
  await expectOutcome(
    page,
    /Your changes are now on top of version \d+\. Nothing is published yet/,
  );
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(fixed);
  // "Where you both changed the same field, yours is what the form holds"
  await expect(page.getByLabel("Price", { exact: true })).toHaveValue(String(mine));
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: /^Your changes are now on top of version/ })
      .first(),
  ).toContainText(`Yours: ${naira(mine)}`);
  await publish(page);
  // Published, the form starts from the live version: what was "on top of" is over.
  await expect(page.getByText(/Your changes are now on top of version/)).toHaveCount(0);
  await visitor.goto("/book");
  await expect(visitor.getByText(fixed).first()).toBeVisible();
  await expect(visitor.getByText(naira(mine)).first()).toBeVisible();
});

test("Two people editing at once: another's draft is named at the top, both drafts are kept, and a draft older than the page continues from the newer version", async ({
  page,
  browser,
  visitor,
}) => {
  const other = await otherEditor(browser);
  const author = (editor: Page) => editor.getByLabel("Author", { exact: true });
  // The other editor saves a draft of the book.
  await open(other, "/admin/book");
  const theirDraft = `Ngozi Eze ${stamp()}`;
  await author(other).fill(theirDraft);
  await other.getByRole("button", { name: "Save draft" }).click();
  await expectOutcome(other, "Draft saved. Visitors do not see it until you publish.");

  // What a page says on opening starts on its first screen; notices of earlier changes (a
  // scheduled change not published, shown for a week) may stand above it.
  // "the top of the page says so by name, for example 'funmi@… also has an unpublished draft of
  // this page, saved 26 Nov 2026, 14:02 WAT'"
  await open(page, "/admin/book");
  await expect(
    page.getByRole("status").filter({
      hasText: new RegExp(
        `^${SECOND_EDITOR_EMAIL} also has an unpublished draft of this page, saved \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} WAT`,
      ),
    }),
  ).toBeInViewport();
  await expect(author(page)).not.toHaveValue(theirDraft);
  const price = freshPrice();
  await page.getByLabel("Price", { exact: true }).fill(String(price));
  await publish(page);

  // "your draft is still there the next time you open the page, with a notice that says who
  // published and when, and a Continue from the newer version button"
  await open(other, "/admin/book");
  await expect(author(other)).toHaveValue(theirDraft);
  const notice = other.getByRole("alert").filter({ hasText: "You are editing a saved draft." });
  await expect(notice).toBeInViewport();
  await expect(notice).toContainText(
    new RegExp(
      `The page has been published since you saved this draft: version \\d+, published .+ WAT by ${EDITOR_EMAIL}`,
    ),
  );
  await notice.getByRole("button", { name: "Continue from the newer version" }).click();
  await expectOutcome(other, /Your changes are now on top of version \d+\./);
  await expect(other.getByLabel("Price", { exact: true })).toHaveValue(String(price));
  await expect(author(other)).toHaveValue(theirDraft);
  await publish(other);
  await expect(other.getByText(/Your changes are now on top of version/)).toHaveCount(0);
  await other.context().close();
  await visitor.goto("/book");
  await expect(visitor.getByText(`by ${theirDraft}`)).toBeVisible();
  await expect(visitor.getByText(naira(price)).first()).toBeVisible();
});

test("Signed out while editing: Publish says so, Sign in, and the changes come back to publish", async ({
  page,
  visitor,
}) => {
  await open(page, "/admin/book");
  const price = freshPrice();
  await page.getByLabel("Price", { exact: true }).fill(String(price));
  // "Sign out on another tab"
  const tab = await page.context().newPage();
  await tab.goto("/admin");
  await tab.getByRole("button", { name: "Sign out" }).click();
  await expect(tab.getByRole("button", { name: "Send sign-in link" })).toBeVisible();
  await tab.close();

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expectOutcome(
    page,
    "You were signed out. Your changes are kept here: sign in to publish them.",
  );
  await expect(page.getByLabel("Price", { exact: true })).toHaveValue(String(price));
  // "Press Sign in, sign in as usual, open the page again"
  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("button", { name: "Send sign-in link" })).toBeVisible();
  await signInAsEditor(page);
  session = await page.context().cookies();
  await open(page, "/admin/book");
  // "your changes come back, with a notice, and you can publish them"
  await expect(
    page.getByRole("status").filter({ hasText: "Your unsent changes were restored." }),
  ).toBeInViewport();
  await expect(page.getByLabel("Price", { exact: true })).toHaveValue(String(price));
  await publish(page);
  await visitor.goto("/book");
  await expect(visitor.getByText(naira(price)).first()).toBeVisible();
});

test("On a phone with a bad connection: offline, the page says so and sends it by itself, once, when the connection is back", async ({
  page,
  context,
  visitor,
}) => {
  await open(page, "/admin/book");
  const versions = (editor: Page) =>
    editor.getByRole("region", { name: "History" }).getByRole("listitem");
  const before = await versions(page).count();
  const price = freshPrice();
  await page.getByLabel("Price", { exact: true }).fill(String(price));
  await context.setOffline(true);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expectOutcome(
    page,
    "You are offline. Your changes are kept on this device and will be sent when you are back online.",
  );
  await context.setOffline(false);
  await expectOutcome(page, "Published. The page is live.");
  await expect(page.getByText(/^You are offline\./)).toHaveCount(0);
  await expect(versions(page)).toHaveCount(before + 1);
  await visitor.goto("/book");
  await expect(visitor.getByText(naira(price)).first()).toBeVisible();

  // "If you close the page first, your changes come back the next time you open the editor, with
  // a notice and a Discard button."
  const author = page.getByLabel("Author", { exact: true });
  const live = await author.inputValue();
  await author.fill(`Kemi Balogun ${stamp()}`);
  const typed = await author.inputValue();
  await context.setOffline(true);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expectOutcome(page, /^You are offline\./);
  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  await open(again, "/admin/book");
  const restored = again
    .getByRole("status")
    .filter({ hasText: "Your unsent changes were restored." });
  await expect(restored).toBeInViewport();
  await expect(again.getByLabel("Author", { exact: true })).toHaveValue(typed);
  await restored.getByRole("button", { name: "Discard" }).click();
  await expect(again.getByLabel("Author", { exact: true })).toHaveValue(live);
  await expect(versions(again)).toHaveCount(before + 1);
});

test("On a phone with a bad connection: the photo goes first with a bar, an unsteady line is called slow, never offline, and the photo is not sent twice", async ({
  page,
  visitor,
}) => {
  await open(page, "/admin/book");
  await page.getByLabel("Image", { exact: true }).setInputFiles({
    name: "IMG_2044.jpg",
    mimeType: "image/jpeg",
    buffer: await noisyPhoto(1200, 900, 70),
  });
  const alt = `The book on the office table, ${stamp()}`;
  await page.getByLabel("Alt text").fill(alt);
  // A slow upload, so that the bar can be seen; and the line drops once the photo has arrived.
  const line = await networkLine(page);
  await line.set({ latency: 100, downloadThroughput: 250_000, uploadThroughput: 60_000 });
  const photosSent: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/admin/photos")
      photosSent.push(r.url());
  });
  let dropped = false;
  await page.route("**/admin/book.data*", async (route) => {
    if (route.request().method() !== "POST" || dropped) return route.fallback();
    dropped = true;
    await route.abort("connectionreset");
  });
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  // "Photos go first … above the buttons, 'Sending photo…' and a bar show how far each has got."
  await expectOutcome(page, "Sending photo…");
  await expect(page.getByRole("progressbar", { name: "Sending photo" })).toBeInViewport();
  await line.set({ latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  // "the page says 'No answer yet: …' and tries again by itself"
  await expectOutcome(
    page,
    "No answer yet: the connection is slow or unsteady. Your changes are kept on this device and will be sent again by themselves.",
  );
  await expect(page.getByText(/offline/i)).toHaveCount(0);
  await expectOutcome(page, "Published. The page is live.");
  await expect(page.getByText(/^No answer yet/)).toHaveCount(0);
  // "a photo that has arrived is not sent a second time"
  expect(photosSent).toHaveLength(1);
  await visitor.goto("/book");
  await expect(visitor.getByRole("img", { name: alt })).toBeVisible();
});

test("Signing in, 3: Sign out ends it at once", async ({ page }) => {
  await page.goto("/admin");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Send sign-in link" })).toBeVisible();
  await page.goto("/admin/book");
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);
});

test.describe("Sign in with your fingerprint or face (passkeys)", () => {
  // A site of its own at http://localhost, where this editor alone has a passkey.
  const editor = `guide.${uniqueId()}@kindredhearts.ng`;
  let site: Awaited<ReturnType<typeof startPasskeySite>>;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    site = await startPasskeySite(editor);
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test("Passkeys: Set up a passkey after a link, Sign in with a passkey next time, on a new phone set one up that waits a day and is shown to the other devices, and Sign out everywhere", async ({
    page,
    browser,
  }) => {
    await fingerprintReader(page);
    // 1. "Sign in with an e-mailed link as above. On /admin, the box … has a Set up a passkey
    // button. Press it … The box then says 'Passkey set up.'"
    await signInWithLink(page, editor, site.url);
    const offer = page.getByRole("region", {
      name: "Sign in with this phone's fingerprint or face next time",
    });
    await offer.getByRole("button", { name: "Set up a passkey" }).click();
    await expectInView(offer.getByText("Passkey set up."));
    // "You get an e-mail saying a passkey was added"
    await expect
      .poll(async () => (await fakes.mailDecodedAbout(editor)).map((m) => m.text).join())
      .toContain("Subject: A passkey was added to your sign-in");

    // 2. "Next time, open /admin and press Sign in with a passkey (above the e-mail field)"
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.goto(`${site.url}/admin`);
    const withPasskey = page.getByRole("button", { name: "Sign in with a passkey" });
    const passkeyTop = (await withPasskey.boundingBox())!.y;
    expect(passkeyTop).toBeLessThan((await page.getByLabel("E-mail").boundingBox())!.y);
    await withPasskey.click();
    await expect(
      page.getByRole("heading", { name: "Edit the website", exact: true }),
    ).toBeVisible();

    // 3. "Your signed-in devices (on /admin) lists your passkeys under Your passkeys, each with a
    // Remove button, and under 'Set up a passkey on this device' has the Set up a passkey button."
    await page.getByRole("link", { name: "Your signed-in devices" }).click();
    const yours = page.getByRole("region", { name: "Your passkeys" });
    await expect(yours.getByRole("listitem")).toHaveCount(1);
    await expect(yours.getByRole("listitem").getByRole("button", { name: "Remove" })).toBeVisible();
    await expect(
      yours
        .getByRole("region", { name: "Set up a passkey on this device" })
        .getByRole("button", { name: "Set up a passkey" }),
    ).toBeVisible();

    // "lost the phone? Under 'Set up a passkey on this device', press Set up a passkey. Because
    // only the link was used, the new passkey works after a day (the page says from when). You get
    // an e-mail 'A new passkey waits to be added to your sign-in', and your other signed-in devices
    // show it on /admin. … The link alone never removes a passkey." (The day itself, and removing
    // the lost one with the new passkey after it, are tests/unit/editor-passkeys.test.ts's: the
    // site's clock cannot be moved from here.)
    const newPhone = await (await browser.newContext(phone)).newPage();
    await fingerprintReader(newPhone);
    await signInWithLink(newPhone, editor, site.url);
    await expect(newPhone.getByRole("heading", { name: "Look after your passkeys" })).toBeVisible();
    await expect(newPhone.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
    const setUp = newPhone.getByRole("region", { name: "Set up a passkey on this device" });
    await setUp.getByRole("button", { name: "Set up a passkey" }).click();
    await expectInView(
      newPhone.getByText(
        /^Passkey set up\. Because you signed in with the e-mailed link alone, it works only from .+ WAT\./,
      ),
    );
    await expect
      .poll(async () => (await fakes.mailDecodedAbout(editor)).map((m) => m.text).join())
      .toContain("Subject: A new passkey waits to be added to your sign-in");
    await page.goto(`${site.url}/admin`);
    await expect(
      page.getByRole("region", { name: "A new passkey waits to be added" }),
    ).toBeVisible();

    // "Lost a phone …? Press Sign out everywhere: every device is signed out, this one too"
    await page.getByRole("link", { name: "Your signed-in devices" }).click();
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page.getByRole("button", { name: "Send sign-in link" })).toBeVisible();
    await newPhone.goto(`${site.url}/admin`);
    await expect(newPhone.getByRole("button", { name: "Send sign-in link" })).toBeVisible();
    await newPhone.context().close();
  });
});
