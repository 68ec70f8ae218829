import { type Locator, type Page, expect } from "@playwright/test";

/**
 * Waits until React has hydrated `locator`'s page, so a click reaches its handler. The server's
 * HTML shows buttons before JavaScript runs; a click that lands before hydration does nothing.
 * The root layout sets `data-hydrated="true"` on `<html>` in an effect, which React runs only
 * after the hydrated tree is committed (app/root.tsx, HydrationMark).
 */
export async function whenHydrated(locator: Locator) {
  await expect(locator.page().locator("html")).toHaveAttribute("data-hydrated", "true");
  await locator.first().waitFor({ state: "attached" });
}

/** Opens `path` and waits until its main content is interactive. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await whenHydrated(page.locator("main"));
  return response;
}
