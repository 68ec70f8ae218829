import { type Page, expect, test } from "@playwright/test";
import { afterTwoFrames } from "../support/fixtures";
import { gotoHydrated } from "../support/hydration";

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test.describe("desktop navigation", () => {
  test.use({ viewport: desktop });

  test("top-level links and buttons lead to their pages", async ({ page }) => {
    const cases: [string, RegExp][] = [
      ["Services", /\/services$/],
      ["Privacy", /\/privacy$/],
      ["Heal Program", /\/heal$/],
      ["Home", /\/$/],
    ];
    await page.goto("/about");
    for (const [name, url] of cases) {
      await mainNav(page).getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(url);
    }
    const header = page.getByRole("banner");
    await header.getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await header.getByRole("link", { name: "Get our Book" }).click();
    await expect(page).toHaveURL(/\/book$/);
  });

  test("the About dropdown opens on hover with its three links", async ({ page }) => {
    // A hover is not a touch: it does not call the small script early (EarlyScript), so it waits.
    await gotoHydrated(page, "/");
    const about = mainNav(page).getByRole("button", { name: "About" });
    await expect(about).toHaveAttribute("aria-expanded", "false");
    await about.hover();
    await expect(about).toHaveAttribute("aria-expanded", "true");
    const links = mainNav(page).getByRole("link", { name: /About Us|Meet Our Team|Testimonials/ });
    await expect(links).toHaveText(["About Us", "Meet Our Team", "Testimonials"]);
    await mainNav(page).getByRole("link", { name: "Meet Our Team" }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(about).toHaveAttribute("aria-expanded", "false");
  });

  test("the Tips dropdown opens on hover and closes when the pointer leaves", async ({ page }) => {
    await gotoHydrated(page, "/");
    const tips = mainNav(page).getByRole("button", { name: "Tips" });
    await tips.hover();
    await expect(mainNav(page).getByRole("link", { name: "Marriage Tips" })).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Dating Tips" })).toBeVisible();
    await page.mouse.move(640, 600);
    await expect(mainNav(page).getByRole("link", { name: "Dating Tips" })).toBeHidden();
  });

  test("a dropdown reached by the keyboard before the small script came opens when it comes", async ({
    page,
  }) => {
    // The small script is held on its way, as on a slow line.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/enhance-*.js", async (route) => {
      await held;
      await route.continue();
    });
    // Not until "load": when the page is slow to parse, the early script has asked for the small
    // script before the load event, which then waits for it (CI once timed out here).
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const about = mainNav(page).getByRole("button", { name: "About" });
    await mainNav(page).getByRole("link", { name: "Home" }).focus();
    await page.keyboard.press("Tab");
    await expect(about).toBeFocused();
    await expect(about).toHaveAttribute("aria-expanded", "false");
    release();
    await expect(about).toHaveAttribute("aria-expanded", "true");
    await expect(mainNav(page).getByRole("link", { name: "About Us" })).toBeVisible();
  });

  test("dropdowns work from the keyboard: focus opens, Escape closes, Enter toggles", async ({
    page,
  }) => {
    await page.goto("/");
    const about = mainNav(page).getByRole("button", { name: "About" });
    await mainNav(page).getByRole("link", { name: "Home" }).focus();
    await page.keyboard.press("Tab");
    await expect(about).toBeFocused();
    await expect(about).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(about).toHaveAttribute("aria-expanded", "false");
    await expect(about).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(about).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(mainNav(page).getByRole("link", { name: "About Us" })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/testimonials$/);
  });

  test("the current page is marked with aria-current, groups highlight their parent", async ({
    page,
  }) => {
    await page.goto("/services");
    await expect(mainNav(page).getByRole("link", { name: "Services" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(mainNav(page).getByRole("link", { name: "Home" })).not.toHaveAttribute(
      "aria-current",
    );
    await page.goto("/team");
    // the active group's button is drawn in clay (text-clay-700)
    await expect(mainNav(page).getByRole("button", { name: "About" })).toHaveCSS(
      "color",
      "rgb(164, 61, 39)",
    );
    await mainNav(page).getByRole("button", { name: "About" }).hover();
    await expect(mainNav(page).getByRole("link", { name: "Meet Our Team" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("the bar changes look once scrolled more than 10px", async ({ page }) => {
    await gotoHydrated(page, "/about");
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 8));
    await afterTwoFrames(page);
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect(header).toHaveCSS("position", "sticky");
  });

  test("each navigation scrolls to the top; back restores the position", async ({ page }) => {
    await page.goto("/about");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(300);
    await page.getByRole("contentinfo").getByRole("link", { name: "FAQ's" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
  });
});

test.describe("top bar from 1024 to 1920 px", () => {
  for (const width of [1024, 1280, 1440, 1920]) {
    test(`at ${width} px every label sits on one line and nothing overflows`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      const header = page.getByRole("banner");
      if (width < 1280) {
        await expect(header.getByRole("button", { name: "Open menu" })).toBeVisible();
        await expect(mainNav(page)).toBeHidden();
      } else {
        await expect(header.getByRole("button", { name: "Open menu" })).toBeHidden();
        const labels = [
          ...(await mainNav(page).getByRole("link").all()),
          ...(await mainNav(page).getByRole("button").all()),
          header.getByRole("link", { name: "Contact Us", exact: true }),
          header.getByRole("link", { name: "Get our Book", exact: true }),
        ];
        expect(labels.length).toBeGreaterThanOrEqual(8);
        for (const label of labels) {
          // One line of text: the label's text is no taller than its line height.
          const lines = await label.evaluate((el) => {
            const tops = new Set<number>();
            const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (!node.textContent?.trim()) continue;
              const range = document.createRange();
              range.selectNodeContents(node);
              for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
            }
            return tops.size;
          });
          expect(lines, await label.innerText()).toBe(1);
          const box = (await label.boundingBox())!;
          expect(box.height, await label.innerText()).toBeLessThanOrEqual(48);
        }
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    });
  }
});

test.describe("mobile menu", () => {
  test.use({ viewport: phone });

  test("opens with the spec's items, expands groups on click, closes on navigation", async ({
    page,
  }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    const top = menu.locator(":scope > ul > li > a, :scope > ul > li > button");
    await expect(top).toHaveText([
      "Home",
      "About",
      "Our Services",
      "Tips",
      "Contact",
      "Privacy Policy",
      "Marraige with a Map",
      "Heal Program",
    ]);
    await expect(menu.getByRole("link", { name: "Schedule Appointment" })).toHaveAttribute(
      "href",
      "/schedule",
    );
    await expect(menu.getByRole("link", { name: "Get our Book" })).toHaveAttribute("href", "/book");

    const aboutGroup = menu.getByRole("button", { name: "About" });
    await expect(menu.getByRole("link", { name: "Meet Our Team" })).toBeHidden();
    await aboutGroup.click();
    await expect(aboutGroup).toHaveAttribute("aria-expanded", "true");
    await menu.getByRole("button", { name: "Tips" }).click();
    await expect(menu.getByRole("link", { name: "Dating Tips" })).toBeVisible();
    await menu.getByRole("link", { name: "Meet Our Team" }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  });

  test("Escape closes the menu and returns focus to the button", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });

  test("the misspelt Marraige with a Map route is highlighted on its own page", async ({
    page,
  }) => {
    await page.goto("/marraige-with-a-map");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(
      page
        .getByRole("navigation", { name: "Mobile" })
        .getByRole("link", { name: "Marraige with a Map" }),
    ).toHaveAttribute("aria-current", "page");
  });

  test("the desktop bar is hidden on a phone and the menu button is shown", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  });
});

test.describe("footer", () => {
  test("has the blurb, quick links, contact block, social links and copyright", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(
      footer.getByText(/relationship, marriage and dating counselling practice/i),
    ).toBeVisible();
    const quick = footer.getByRole("navigation", { name: "Quick Links" }).getByRole("link");
    await expect(quick).toHaveText([
      "Services",
      "About Us",
      "Testimonials",
      "Contact",
      "Get our Book",
      "FAQ's",
    ]);
    const tel = footer.locator('a[href^="tel:+234"]');
    await expect(tel).toHaveCount(2);
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(2);
    await expect(footer.getByRole("link", { name: /Lekki.*Lagos.*Nigeria/ })).toHaveAttribute(
      "href",
      /maps/,
    );
    for (const name of ["Instagram", "Facebook", "LinkedIn", "TikTok", "YouTube", "WhatsApp"]) {
      await expect(footer.getByRole("link", { name: new RegExp(name) })).toHaveAttribute(
        "href",
        /^https:\/\//,
      );
    }
    await footer.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
  });

  test("the copyright line says this year in Lagos, whatever the visitor's clock says", async ({
    page,
  }) => {
    // The site's clock and this test's are the machine's; Lagos is UTC+1 all year.
    const year = new Date(Date.now() + 3_600_000).getUTCFullYear();
    // A phone whose clock is years out, on a page that starts React at once.
    await page.clock.setFixedTime(new Date("2031-07-01T12:00:00Z"));
    await gotoHydrated(page, "/contact");
    const line = `© ${year} Kindred Hearts Counselling. All rights reserved.`;
    await expect(page.getByRole("contentinfo").getByText(line)).toBeVisible();
    // A page kept in memory says the same.
    await page.goto("/faq");
    await expect(page.getByRole("contentinfo").getByText(line)).toBeVisible();
  });
});
