import { type Page, expect, test } from "@playwright/test";
import { serviceCategories } from "../../app/content/services";
import { gotoHydrated } from "../support/hydration";

const categoryNames = serviceCategories.map((c) => c.name);
const core = serviceCategories[0]!;

/** The slider of the visible tab panel. */
function activeSlider(page: Page) {
  return page.getByRole("tabpanel").getByRole("region", { name: /programmes$/ });
}

/** Slides a visitor can see: the ones out of view are inert, so not in the accessibility tree. */
function visibleSlides(page: Page) {
  return activeSlider(page).getByRole("group", { name: / of \d+$/ });
}

test.describe("services: category tabs", () => {
  test("shows the five categories as tabs, the first selected", async ({ page }) => {
    await gotoHydrated(page, "/services");
    const tabs = page.getByRole("tablist", { name: "Service categories" }).getByRole("tab");
    await expect(tabs).toHaveText(categoryNames);
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toHaveCount(1);
    await expect(page.getByRole("tabpanel").getByRole("heading", { level: 2 })).toHaveText(
      core.name,
    );
  });

  test("arrow keys move between tabs and show each category", async ({ page }) => {
    await gotoHydrated(page, "/services");
    await page.getByRole("tab", { name: categoryNames[0] }).click();
    await page.keyboard.press("ArrowRight");
    const marriage = page.getByRole("tab", { name: "Marriage Programs" });
    await expect(marriage).toBeFocused();
    await expect(marriage).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel").getByRole("heading", { level: 2 })).toHaveText(
      "Marriage Programs",
    );
    await page.keyboard.press("End");
    await expect(page.getByRole("tab", { name: "Parenting & Family" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: categoryNames[0] })).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("tabpanel").getByRole("heading", { level: 2 })).toHaveText(
      "Parenting & Family",
    );
  });

  test("a card shows the old price struck through, the price, the saving and its links", async ({
    page,
  }) => {
    await gotoHydrated(page, "/services");
    const card = page.getByRole("article").filter({ hasText: "Happier Marriage Program" });
    await expect(card.locator("s")).toHaveText("Was ₦150,000");
    await expect(card).toContainText("₦124,990");
    await expect(card).toContainText("Save ₦25,010");
    await expect(card.getByRole("link", { name: /^Inquire/ })).toHaveAttribute("href", "/contact");
    await expect(card.getByRole("link", { name: /^Book Now/ })).toHaveAttribute(
      "href",
      "/schedule",
    );
    // no old price: no saving
    const consult = page.getByRole("article").filter({ hasText: "Introductory Consultation" });
    await expect(consult).toContainText("₦7,000");
    await expect(consult).not.toContainText("Save");
  });

  test("Group Therapy has no price: 'Contact us for pricing'", async ({ page }) => {
    await gotoHydrated(page, "/services");
    await page.getByRole("tab", { name: "Therapeutic Interventions" }).click();
    // the last slide: bring it into view first
    const slider = activeSlider(page);
    await slider.getByRole("button", { name: "Pause slides" }).click();
    while (await slider.getByRole("button", { name: "Next slide" }).isEnabled()) {
      await slider.getByRole("button", { name: "Next slide" }).click();
    }
    const card = slider.getByRole("article").filter({ hasText: "Group Therapy" });
    await expect(card).toContainText("Contact us for pricing");
    await expect(card).not.toContainText("₦");
  });
});

test.describe("services: slider", () => {
  for (const [width, perView] of [
    [390, 1],
    [800, 2],
    [1280, 3],
  ] as const) {
    test(`shows ${perView} slide(s) per view at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, "/services");
      await activeSlider(page).getByRole("button", { name: "Pause slides" }).click();
      await expect(visibleSlides(page)).toHaveCount(perView);
      const slider = await activeSlider(page).boundingBox();
      const slide = await visibleSlides(page).first().boundingBox();
      expect(Math.abs(slide!.width - (slider!.width + 16) / perView)).toBeLessThan(4);
    });
  }

  test("moves on by itself every 3 seconds", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, "/services");
    await page.mouse.move(0, 0);
    await expect(visibleSlides(page)).toHaveAttribute("aria-label", `1 of ${core.services.length}`);
    await expect(activeSlider(page)).toHaveAttribute("data-autoplay", "playing");
    await expect(visibleSlides(page)).toHaveAttribute(
      "aria-label",
      `2 of ${core.services.length}`,
      { timeout: 4_500 },
    );
  });

  test("the pause button stops it and the play button starts it again", async ({ page }) => {
    await page.clock.install();
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, "/services");
    const slider = activeSlider(page);
    await slider.getByRole("button", { name: "Pause slides" }).click();
    await expect(slider.getByRole("button", { name: "Play slides" })).toBeVisible();
    await page.mouse.move(0, 0);
    await page.getByRole("heading", { level: 1 }).click();
    await expect(slider).toHaveAttribute("data-autoplay", "paused");
    await page.clock.runFor(3_500);
    await expect(visibleSlides(page)).toHaveAttribute("aria-label", /^1 of/);
    await slider.getByRole("button", { name: "Play slides" }).click();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(slider).toHaveAttribute("data-autoplay", "playing");
    await expect(visibleSlides(page)).toHaveAttribute("aria-label", /^2 of/, { timeout: 4_500 });
  });

  test("pauses while the pointer is over the slides and while keyboard focus is in them", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/services");
    const slider = activeSlider(page);
    await expect(slider).toHaveAttribute("data-autoplay", "playing");
    await visibleSlides(page).first().hover();
    await expect(slider).toHaveAttribute("data-autoplay", "paused");
    await page.mouse.move(5, 5);
    await expect(slider).toHaveAttribute("data-autoplay", "playing");
    await visibleSlides(page)
      .first()
      .getByRole("link", { name: /^Inquire/ })
      .focus();
    await expect(slider).toHaveAttribute("data-autoplay", "paused");
    await page.getByRole("tab", { name: categoryNames[0] }).focus();
    await expect(slider).toHaveAttribute("data-autoplay", "playing");
  });

  test("previous and next buttons move one slide", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, "/services");
    const slider = activeSlider(page);
    await slider.getByRole("button", { name: "Pause slides" }).click();
    await expect(slider.getByRole("button", { name: "Previous slide" })).toBeDisabled();
    await slider.getByRole("button", { name: "Next slide" }).click();
    await expect(visibleSlides(page)).toHaveAttribute("aria-label", /^2 of/);
    await slider.getByRole("button", { name: "Previous slide" }).click();
    await expect(visibleSlides(page)).toHaveAttribute("aria-label", /^1 of/);
  });

  test("follows a swipe", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, "/services");
    const slider = activeSlider(page);
    await slider.getByRole("button", { name: "Pause slides" }).click();
    await visibleSlides(page).scrollIntoViewIfNeeded();
    const box = (await visibleSlides(page).boundingBox())!;
    const y = box.y + 100;
    await page.mouse.move(box.x + box.width - 30, y);
    await page.mouse.down();
    for (let x = box.x + box.width - 30; x > box.x + 30; x -= 20) await page.mouse.move(x, y);
    await page.mouse.up();
    await expect(visibleSlides(page)).toHaveAttribute("aria-label", /^2 of/);
  });

  test("does not move by itself when the visitor prefers reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoHydrated(page, "/services");
    const slider = activeSlider(page);
    await expect(slider.getByRole("button", { name: "Play slides" })).toBeVisible();
    await expect(slider).toHaveAttribute("data-autoplay", "paused");
  });

  test("every programme is in the server's HTML", async ({ request }) => {
    const html = await (await request.get("/services")).text();
    for (const service of serviceCategories.flatMap((c) => c.services)) {
      expect(html).toContain(service.title.replace(/&/g, "&amp;"));
    }
  });
});

test.describe("services: picture dialog", () => {
  test("opens with the picture, title, description and price; Escape closes; focus returns", async ({
    page,
  }) => {
    await gotoHydrated(page, "/services");
    const trigger = page.getByRole("button", { name: "View details: Happier Marriage Program" });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Happier Marriage Program" });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("img")).toHaveCount(1);
    await expect(dialog).toContainText(core.services[1]!.description);
    await expect(dialog).toContainText("₦124,990");
    await expect(dialog).toContainText("Save ₦25,010");
    // focus is trapped inside
    for (let i = 0; i < 5; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await expect(activeSlider(page)).toHaveAttribute("data-autoplay", "paused");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("the close button closes it", async ({ page }) => {
    await gotoHydrated(page, "/services");
    await page.getByRole("button", { name: "View details: Introductory Consultation" }).click();
    const dialog = page.getByRole("dialog", { name: "Introductory Consultation" });
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe("services without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every category and programme can be read", async ({ page }) => {
    await page.goto("/services");
    for (const name of categoryNames) {
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    }
    await expect(page.getByRole("heading", { level: 3, name: "Family Mediation" })).toBeAttached();
    await expect(page.getByRole("button", { name: "Pause slides" })).toHaveCount(0);
  });
});
