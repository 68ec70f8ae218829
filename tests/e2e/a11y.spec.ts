import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { layOutEverything } from "../support/fixtures";
import { routes } from "../support/routes";

const widths = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1280, height: 800 } },
];

// One page load per route, checked at both widths: the page is laid out again at the second
// width, as a rotated or resized browser would show it (CI time: half the page loads).
for (const { path } of [...routes, { path: "/no-such-page" }, { path: "/offline" }]) {
  test(`${path} has no accessibility violations at phone and desktop width`, async ({ page }) => {
    await page.setViewportSize(widths[0]!.viewport);
    await page.goto(path);
    // Every part drawn, as the visitor sees it on reaching it (the footer's light words, undrawn,
    // read as on the page's cream: color-contrast on every long page).
    await layOutEverything(page);
    for (const { name, viewport } of widths) {
      await page.setViewportSize(viewport);
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
        .analyze();
      const summary = results.violations.map(
        (v) => `${name}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
      );
      expect(summary).toEqual([]);
    }
  });
}

test("a long page's footer is accessible as Lighthouse finds it, before anyone scrolls to it", async ({
  page,
}) => {
  // Lighthouse's axe reads the page as loaded, nothing laid out by hand: a footer left undrawn
  // (content-visibility: auto) had its light words read as on the page's cream.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/faq");
  const results = await new AxeBuilder({ page }).include("footer").analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test.describe("menus open are also accessible", () => {
  test("mobile menu open", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await layOutEverything(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page
      .getByRole("navigation", { name: "Mobile" })
      .getByRole("button", { name: "About" })
      .click();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  test("desktop dropdown open", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await layOutEverything(page);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: "About" })
      .hover();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
