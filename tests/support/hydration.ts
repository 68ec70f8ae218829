import { type Locator, type Page, expect } from "@playwright/test";

/**
 * Waits until React has hydrated `locator`'s element, so a click reaches its handler. The server's
 * HTML shows buttons before JavaScript runs; a click that lands before hydration does nothing.
 * React marks each hydrated element with its props (`__reactProps$…`), which is what this reads.
 */
export async function whenHydrated(locator: Locator) {
  await expect
    .poll(() =>
      locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps"))),
    )
    .toBe(true);
}

/** Opens `path` and waits until its main content is interactive. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await whenHydrated(page.locator("main"));
  return response;
}
