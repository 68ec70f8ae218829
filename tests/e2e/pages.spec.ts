import { expect, test } from "@playwright/test";
import { books } from "../../app/content/book";
import { hiddenThread } from "../../app/content/campaign";
import { faqs } from "../../app/content/faq";
import { homeVideo } from "../../app/content/home";
import { mapPlans } from "../../app/content/programmes";
import { practice } from "../../app/content/site";
import { stories } from "../../app/content/stories";
import { leadCounsellor, teamMembers } from "../../app/content/team";
import { fallbackTestimonials } from "../../app/content/testimonials";
import { gotoHydrated } from "../support/hydration";
import { expectIconsDrawn, undrawnIcons } from "../support/icons";

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

test.describe("home", () => {
  test("links to the Heal Program, the programmes, the services and the schedule", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Explore the Heal Program" })).toHaveAttribute(
      "href",
      "/heal",
    );
    const featured = page.getByRole("region", { name: "Featured programmes" });
    for (const [name, href] of [
      ["Heal Program", "/heal"],
      ["Marraige with a map", "/marraige-with-a-map"],
      ["Happier Marriage Program", "/about"],
      ["High Quality Singles Program", "/about"],
    ]) {
      await expect(
        featured.getByRole("link", { name: `Learn more about ${name}` }),
      ).toHaveAttribute("href", href!);
    }
    const tiles = page
      .getByRole("region", { name: "How we can help" })
      .getByRole("heading", { level: 3 });
    await expect(tiles).toHaveText(["Couples Counseling", "Individual Therapy", "Online Sessions"]);
    await expect(
      page.getByRole("region", { name: "How we can help" }).getByRole("link"),
    ).toHaveCount(3);
    await expect(page.getByRole("link", { name: "Read all testimonials" })).toHaveAttribute(
      "href",
      "/testimonials",
    );
    await expect(page.getByRole("link", { name: "Schedule an appointment" })).toHaveAttribute(
      "href",
      "/schedule",
    );
  });

  test("the YouTube player loads only after the visitor presses play", async ({ page }) => {
    const youtube: string[] = [];
    page.on("request", (r) => {
      if (/youtube|ytimg|googlevideo/.test(r.url())) youtube.push(r.url());
    });
    await page.goto("/");
    await expect(page.locator("iframe")).toHaveCount(0);
    await page.getByRole("button", { name: `Play video: ${homeVideo.title}` }).click();
    const frame = page.locator("iframe");
    await expect(frame).toHaveCount(1);
    await expect(frame).toHaveAttribute(
      "src",
      new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${homeVideo.youtubeId}\\?`),
    );
    await expect(frame).toHaveAttribute("title", homeVideo.title);
    expect(youtube.filter((u) => !u.includes("youtube-nocookie.com"))).toEqual([]);
  });

  test("until it is played, a plain link to the video on YouTube sits under the poster; offline, play says why it waits", async ({
    page,
    context,
  }) => {
    await gotoHydrated(page, "/");
    const watch = page.getByRole("link", { name: `Watch “${homeVideo.title}” on YouTube` });
    await expect(watch).toBeVisible();
    await expect(watch).toHaveAttribute(
      "href",
      `https://www.youtube.com/watch?v=${homeVideo.youtubeId}`,
    );
    await context.setOffline(true);
    await page.getByRole("button", { name: `Play video: ${homeVideo.title}` }).click();
    await expect(page.getByText("You are offline, so the video cannot play here")).toBeVisible();
    await expect(page.locator("iframe")).toHaveCount(0);
    await expect(watch).toBeVisible();
    await context.setOffline(false);
    await page.getByRole("button", { name: `Play video: ${homeVideo.title}` }).click();
    await expect(page.locator("iframe")).toHaveCount(1);
    await expect(watch).toHaveCount(0);
  });

  test.describe("the video without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("shows its poster as a link to YouTube, and the plain link under it", async ({ page }) => {
      await page.goto("/");
      const href = `https://www.youtube.com/watch?v=${homeVideo.youtubeId}`;
      const poster = page.getByRole("link", { name: `Watch on YouTube: ${homeVideo.title}` });
      await expect(poster.locator("img")).toHaveAttribute("src", /^\/images\/video-poster-/);
      await expect(poster).toHaveAttribute("href", href);
      await expect(
        page.getByRole("link", { name: `Watch “${homeVideo.title}” on YouTube` }),
      ).toHaveAttribute("href", href);
    });
  });

  test("the poster is our own picture", async ({ page }) => {
    await page.goto("/");
    const poster = page.getByRole("button", { name: /^Play video/ }).locator("img");
    await expect(poster).toHaveAttribute("src", /^\/images\/video-poster-/);
  });

  test("phones get the banner slider, wide screens the still picture", async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Highlights" });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("group", { name: /of 3$/ })).toHaveCount(1);
    await expect(banner.getByRole("button", { name: "Pause slides" })).toBeVisible();
    await page.setViewportSize(desktop);
    await expect(banner).toBeHidden();
    await expect(page.getByRole("img", { name: /couple/i }).first()).toBeVisible();
  });

  test("the testimonial carousel shows clients' words with stars and can be paused", async ({
    page,
  }) => {
    await page.setViewportSize(desktop);
    await gotoHydrated(page, "/");
    const carousel = page.getByRole("region", { name: "Client testimonials" });
    await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    // A slider far down the page is measured as it nears the screen (app/enhance/carousel.ts).
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.getByRole("group", { name: /of 5$/ })).toHaveCount(3);
    await expect(carousel.getByRole("img", { name: "5 out of 5 stars" }).first()).toBeVisible();
    await carousel.getByRole("button", { name: "Pause slides" }).click();
    await expect(carousel.getByRole("button", { name: "Play slides" })).toBeVisible();
  });
});

test.describe("the home page's carousels", () => {
  test("next and previous move one slide, a swipe moves one, the timer moves on by itself", async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    await gotoHydrated(page, "/");
    const banner = page.getByRole("region", { name: "Highlights" });
    const shown = banner.getByRole("group", { name: /of 3$/ });
    // Until the small script has set the carousel up, every slide is in the accessibility tree.
    await expect(banner).toHaveAttribute("data-autoplay", "playing");
    await expect(shown).toHaveAccessibleName("1 of 3");
    // The slide moves by itself after 4 s (the banner's delay).
    await expect(shown).toHaveAccessibleName("2 of 3", { timeout: 9_000 });
    await banner.getByRole("button", { name: "Pause slides" }).click();
    await expect(banner).toHaveAttribute("data-autoplay", "paused");
    await banner.getByRole("button", { name: "Next slide" }).click();
    await expect(shown).toHaveAccessibleName("3 of 3");
    await expect(banner.getByRole("button", { name: "Next slide" })).toBeDisabled();
    await banner.getByRole("button", { name: "Previous slide" }).click();
    await expect(shown).toHaveAccessibleName("2 of 3");
    // A swipe to the left shows the next slide.
    const box = (await banner.locator("[data-carousel-viewport]").boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, y, { steps: 4 });
    await page.mouse.up();
    await expect(shown).toHaveAccessibleName("3 of 3");
  });

  test("the banner's later pictures are asked for only once the page has loaded, and show when their slide comes", async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    // Every picture is held until released: the page's load waits for the ones it needs.
    const asked: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/images/**", async (route) => {
      asked.push(new URL(route.request().url()).pathname);
      await released;
      await route.fallback();
    });
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const banner = page.getByRole("region", { name: "Highlights" });
    // Every slide, in view or not (a slide out of view is hidden from the accessibility tree).
    const slides = banner.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(3);
    /** the addresses a slide's picture may be fetched from */
    const addresses = (i: number) =>
      slides.nth(i).evaluate((slide) =>
        [...slide.querySelectorAll("source, img")].flatMap((el) =>
          [el.getAttribute("srcset") ?? "", el.getAttribute("src") ?? ""]
            .join(",")
            .split(",")
            .map((entry) => entry.trim().split(" ")[0]!)
            .filter(Boolean),
        ),
      );
    const later = [...(await addresses(1)), ...(await addresses(2))];
    expect(later.length).toBeGreaterThan(1);
    // The first slide's picture is asked for; the others are not while it loads.
    const first = await addresses(0);
    await expect.poll(() => asked.filter((a) => first.includes(a))).toHaveLength(1);
    await page.waitForTimeout(1_000);
    expect(asked.filter((a) => later.includes(a))).toEqual([]);
    release();
    await page.waitForLoadState("load");
    await expect.poll(() => asked.filter((a) => later.includes(a)).length).toBe(2);
    await banner.getByRole("button", { name: "Pause slides" }).click();
    await banner.getByRole("button", { name: "Next slide" }).click();
    await expect(slides.nth(1).locator("img")).toHaveJSProperty("complete", true);
    expect(
      await slides
        .nth(1)
        .locator("img")
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await expect(slides.nth(1).locator("img")).toBeVisible();
  });

  test("without JavaScript every banner picture is there to swipe to", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
    const page = await context.newPage();
    await page.goto("/");
    const slides = page.getByRole("region", { name: "Highlights" }).getByRole("group");
    await expect(slides).toHaveCount(3);
    for (const i of [1, 2]) {
      await slides.nth(i).scrollIntoViewIfNeeded();
      await expect(slides.nth(i).locator("img")).toBeVisible();
      await expect
        .poll(() =>
          slides
            .nth(i)
            .locator("img")
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
    }
    await context.close();
  });

  test("with reduced motion the slides wait for the visitor", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce", viewport: phone });
    const page = await context.newPage();
    await page.clock.install();
    await gotoHydrated(page, "/");
    const banner = page.getByRole("region", { name: "Highlights" });
    await expect(banner.getByRole("button", { name: "Play slides" })).toBeVisible();
    await expect(banner).toHaveAttribute("data-autoplay", "paused");
    await page.clock.runFor(4_500);
    await expect(banner.getByRole("group", { name: /of 3$/ })).toHaveAccessibleName("1 of 3");
    await context.close();
  });
});

test.describe("testimonials", () => {
  test("shows the approved testimonials with name, country, review and stars", async ({ page }) => {
    await page.goto("/testimonials");
    const cards = page.getByRole("main").getByRole("figure");
    const approved = fallbackTestimonials.filter((t) => t.Approved === "Yes");
    await expect(cards).toHaveCount(approved.length);
    const first = approved[0]!;
    const card = cards.filter({ hasText: first["Your Name"] });
    await expect(card).toContainText(first["Your Review"]);
    await expect(card).toContainText(first["Respondent's country"]);
    await expect(card.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();
    await expect(page.getByRole("img", { name: "4 out of 5 stars" })).toHaveCount(1);
    await expect(page.getByText("Loading testimonials...")).toHaveCount(0);
    await expect(page.getByText("Failed to load testimonials.")).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the testimonials are in the page", async ({ page }) => {
      await page.goto("/testimonials");
      await expect(page.getByText(fallbackTestimonials[1]!["Your Review"])).toBeVisible();
    });
  });
});

test.describe("faq", () => {
  test("one answer open at a time; pressing the open question closes it", async ({ page }) => {
    await gotoHydrated(page, "/faq");
    const questions = page.getByRole("main").getByRole("button");
    await expect(questions).toHaveCount(12);
    const [first, second] = [questions.nth(0), questions.nth(1)];
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(faqs[0]!.answer)).toBeVisible();
    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText(faqs[0]!.answer)).toBeHidden();
    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("main").getByRole("region")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Contact Us" }).last()).toHaveAttribute(
      "href",
      "/contact",
    );
  });

  test("works from the keyboard", async ({ page }) => {
    await gotoHydrated(page, "/faq");
    const first = page.getByRole("button", { name: faqs[0]!.question });
    await first.focus();
    await page.keyboard.press("Enter");
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("button", { name: faqs[1]!.question })).toBeFocused();
  });

  test("describes the questions as FAQPage JSON-LD", async ({ page }) => {
    await page.goto("/faq");
    const json = await page.locator('script[type="application/ld+json"]').first().textContent();
    const data = JSON.parse(json ?? "{}");
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toHaveLength(12);
    expect(data.mainEntity[6]).toMatchObject({
      "@type": "Question",
      name: faqs[6]!.question,
      acceptedAnswer: { "@type": "Answer", text: faqs[6]!.answer },
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("every answer can be read", async ({ page }) => {
      await page.goto("/faq");
      // Every answer is in the page; app.css shows them all when no script can open them.
      for (const f of faqs) await expect(page.getByRole("main").getByText(f.answer)).toBeVisible();
    });
  });
});

test.describe("the Hidden Thread", () => {
  test("lists six stories with Read the Full Story and Register now", async ({ page }) => {
    await page.goto("/hidden-thread");
    await expect(page.getByRole("link", { name: /^Read the Full Story/ })).toHaveCount(6);
    await page.getByRole("link", { name: /^Read the Full Story\W+Day 3$/ }).click();
    await expect(page).toHaveURL(/\/hidden-thread\/day-3$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(stories[2]!.title);
  });

  test("a story shows its picture, its lines, Register buttons and Back to Stories", async ({
    page,
  }) => {
    await page.goto("/hidden-thread/day-1");
    await expect(page.getByRole("main").locator("img")).toHaveAttribute(
      "src",
      /^\/images\/story-day-1-/,
    );
    const register = page.locator(`a[href="${hiddenThread.registrationUrl}"]`);
    const iconLines = stories[0]!.email
      .split("\n")
      .filter((l) => hiddenThread.registerIcons.some((i) => l.startsWith(i)));
    await expect(register).toHaveCount(iconLines.length + 1);
    // the icon is drawn, the words are the button's name
    await expect(
      page.getByRole("link", { name: iconLines[0]!.replace(/^\S+\s*/, ""), exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Register now" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Stories" }).click();
    await expect(page).toHaveURL(/\/hidden-thread$/);
  });

  test("an unknown story says 'Story not found.' with status 404", async ({ page }) => {
    const response = await page.goto("/hidden-thread/day-7");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Story not found." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Stories" })).toBeVisible();
  });
});

test.describe("the book", () => {
  const book = books[0]!;

  test("GET /api/books/ answers the books as cacheable JSON", async ({ request, baseURL }) => {
    const response = await request.get("/api/books/");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(response.headers()["cache-control"]).toMatch(/public, max-age=\d+/);
    const body = await response.json();
    expect(body).toEqual([
      {
        id: book.id,
        title: "Marriage Can Work",
        author: book.author,
        price: 5500,
        currency: "NGN",
        coverUrl: expect.stringMatching(new RegExp(`^${baseURL}/images/book-cover-`)),
        buyUrl: expect.stringMatching(/^https:\/\/selar\.co\//),
        formats: ["Digital", "Physical"],
      },
    ]);
    const cover = await request.get(body[0].coverUrl);
    expect(cover.status()).toBe(200);
    expect(cover.headers()["content-type"]).toBe("image/webp");
  });

  test("the page shows the cover, benefits, price and the Selar link, with Product JSON-LD", async ({
    page,
  }) => {
    await page.goto("/book");
    await expect(page.getByRole("img", { name: /cover of Marriage Can Work/ })).toBeVisible();
    for (const b of book.benefits) await expect(page.getByText(b)).toBeVisible();
    await expect(page.getByText("₦5,500")).toBeVisible();
    await expect(page.getByText("Digital & Physical copies available")).toBeVisible();
    const buy = page.getByRole("link", { name: /^Buy on Selar/ });
    await expect(buy).toHaveAttribute("href", book.buyUrl);
    await expect(buy).toHaveAttribute("target", "_blank");
    const json = await page.locator('script[type="application/ld+json"]').first().textContent();
    const data = JSON.parse(json ?? "{}");
    expect(data).toMatchObject({
      "@type": "Product",
      name: "Marriage Can Work",
      offers: { "@type": "Offer", price: "5500", priceCurrency: "NGN", url: book.buyUrl },
    });
  });
});

test.describe("icons", () => {
  test.use({ javaScriptEnabled: false });

  test("are drawn from the sprite, without JavaScript; the header's are in the page itself", async ({
    page,
  }) => {
    await page.goto("/contact");
    await expectIconsDrawn(page.getByRole("main"));
    await expectIconsDrawn(page.getByRole("contentinfo"));
    await expect(page.getByRole("banner").locator("svg use")).toHaveCount(0);
    await page.goto("/services");
    await expectIconsDrawn(page.locator("body"));
    const response = await page.request.get(
      (await page.locator("svg use").first().getAttribute("href"))!.split("#")[0]!,
    );
    expect(response.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(response.headers()["cache-control"]).toContain("immutable");
  });

  test("a sprite that does not come leaves the header's icons drawn", async ({ page }) => {
    await page.route(/\/assets\/icons-[\w-]+\.svg/, (route) => route.abort());
    await page.setViewportSize(phone);
    await page.goto("/contact");
    // The check above would fail on such a page: the icons' boxes stay empty.
    expect(await undrawnIcons(page.getByRole("main"))).toBeGreaterThan(0);
    const menu = page
      .getByRole("banner")
      .locator("svg")
      .filter({ has: page.locator("path") });
    expect(await menu.first().boundingBox()).toMatchObject({ width: expect.any(Number) });
    expect((await menu.first().boundingBox())!.width).toBeGreaterThan(0);
  });
});

test.describe("the other reading pages", () => {
  test("/heal's 'Dm us Heal' opens the WhatsApp catalogue the footer links to", async ({
    page,
  }) => {
    const catalogue = practice.social.find((s) => s.name === "WhatsApp")!.url;
    await page.goto("/heal");
    const links = page.getByRole("link", { name: "Dm us Heal", exact: true });
    await expect(links).toHaveCount(2);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute("href", catalogue);
      await expect(link).toHaveAttribute("target", "_blank");
    }
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: "WhatsApp", exact: true }),
    ).toHaveAttribute("href", catalogue);
    await expect(
      page.getByRole("link", { name: "Send “Heal” in a chat on WhatsApp" }),
    ).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=Heal$/);
  });

  test("/contact lists every social link beside phones, e-mails, address and hours", async ({
    page,
  }) => {
    await page.goto("/contact");
    const main = page.getByRole("main");
    for (const name of ["Call us", "E-mail us", "Visit us", "Follow us"]) {
      await expect(main.getByRole("heading", { name, exact: true })).toBeVisible();
    }
    await expect(main.getByRole("heading", { name: /^Office hours/ })).toBeVisible();
    for (const s of practice.social) {
      const link = main.getByRole("link", { name: s.label, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveText(s.name);
      await expect(link).toHaveAttribute("href", s.url);
    }
    expect(practice.social.map((s) => s.name)).toEqual([
      "Instagram",
      "Facebook",
      "LinkedIn",
      "TikTok",
      "YouTube",
      "WhatsApp",
    ]);
  });

  test("/marraige-with-a-map has three plans, each opening WhatsApp with its name", async ({
    page,
  }) => {
    await page.goto("/marraige-with-a-map");
    for (const plan of mapPlans) {
      const link = page.getByRole("link", {
        name: new RegExp(`^Register on WhatsApp\\W+${plan.tier}$`),
      });
      await expect(link).toHaveAttribute(
        "href",
        new RegExp(`^https://wa\\.me/\\d+\\?text=.*${encodeURIComponent(plan.tier)}`),
      );
    }
    await expect(page.getByText("₦100,000")).toBeVisible();
    await expect(page.getByText("₦200,000")).toBeVisible();
    await expect(page.getByText("₦350,000")).toBeVisible();
  });

  test("/about has the statistics and two Proceed to Payment buttons", async ({ page }) => {
    await page.goto("/about");
    for (const s of ["1000+", "15+", "95%", "10+"]) {
      await expect(page.getByText(s, { exact: true })).toBeVisible();
    }
    const pay = page.getByRole("link", { name: /^Proceed to Payment/ });
    await expect(pay).toHaveCount(2);
    await expect(pay.first()).toHaveAttribute("href", "/checkout?item=happier-marriage");
    await expect(pay.last()).toHaveAttribute("href", "/checkout?item=high-quality-singles");
    await expect(page.getByText("Save ₦25,010")).toBeVisible();
    await expect(page.getByText("Save ₦50,010")).toBeVisible();
  });

  test("/team shows a portrait of each of the five people", async ({ page }) => {
    await page.goto("/team");
    for (const m of [leadCounsellor, ...teamMembers]) {
      await expect(page.getByRole("img", { name: `Portrait of ${m.name}` })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: /Book a session/ })).toHaveAttribute(
      "href",
      "/schedule",
    );
  });

  test("every picture has its size and a text alternative; only the first is eager", async ({
    page,
  }) => {
    for (const path of ["/", "/services", "/team", "/hidden-thread/day-1"]) {
      await page.goto(path);
      // A picture fetched ahead of the words must be on the first screen, phone and laptop alike.
      for (const size of [phone, { width: 1280, height: 800 }]) {
        await page.setViewportSize(size);
        const below = await page
          .locator('main img[fetchpriority="high"]')
          .evaluateAll(
            (imgs) =>
              imgs.filter((i) => i.getBoundingClientRect().top >= window.innerHeight).length,
          );
        expect(below, `${path} at ${size.width} px`).toBe(0);
      }
      const images = await page
        .getByRole("main")
        .locator("img")
        .evaluateAll((imgs) =>
          imgs.map((i) => ({
            alt: i.getAttribute("alt"),
            width: i.getAttribute("width"),
            height: i.getAttribute("height"),
            loading: i.getAttribute("loading"),
            priority: i.getAttribute("fetchpriority"),
          })),
        );
      expect(images.length, path).toBeGreaterThan(0);
      for (const img of images) {
        expect(img.alt, path).not.toBeNull();
        expect(Number(img.width), path).toBeGreaterThan(0);
        expect(Number(img.height), path).toBeGreaterThan(0);
        expect(img.loading === "lazy" || img.priority === "high", path).toBe(true);
      }
      expect(images.filter((i) => i.priority === "high").length, path).toBeLessThanOrEqual(1);
    }
  });
});

test.describe("home hero video", () => {
  test("a phone never requests the video", async ({ browser }) => {
    const context = await browser.newContext({ viewport: phone });
    const page = await context.newPage();
    const videos: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/video/")) videos.push(r.url());
    });
    await gotoHydrated(page, "/");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.locator("video")).toHaveCount(0);
    await page.setViewportSize({ width: 800, height: 844 });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(videos).toEqual([]);
    await context.close();
  });

  test("a wide screen plays it over the poster, and Pause stops it", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await gotoHydrated(page, "/");
    const hero = page.getByRole("region", { name: /Find your way back/ });
    await expect(hero.getByRole("img", { name: /counsellor listening/ })).toBeVisible();
    const video = page.getByTestId("hero-video");
    await expect(video).toHaveJSProperty("muted", true);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0))
      .toBe(true);
    await hero.getByRole("button", { name: "Pause background video" }).click();
    await expect(video).toHaveJSProperty("paused", true);
    await hero.getByRole("button", { name: "Play background video" }).click();
    await expect(video).toHaveJSProperty("paused", false);
    await context.close();
  });

  test("with reduced motion the poster stays and no video is fetched", async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    const videos: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/video/")) videos.push(r.url());
    });
    await gotoHydrated(page, "/");
    await expect(page.getByRole("img", { name: /counsellor listening/ })).toBeVisible();
    await expect(page.locator("video")).toHaveCount(0);
    expect(videos).toEqual([]);
    await context.close();
  });
});
