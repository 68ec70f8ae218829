import { expect, test } from "@playwright/test";

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("pages are readable and links work", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.getByRole("contentinfo").getByRole("link", { name: "FAQ's" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" }),
    ).toBeVisible();
  });

  test("the phone menu opens as an in-page target", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    await page.getByRole("link", { name: "Menu", exact: true }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Meet Our Team" })).toBeVisible();
    await menu.getByRole("link", { name: "Dating Tips" }).click();
    await expect(page).toHaveURL(/\/dating-tips$/);
  });

  test("desktop dropdowns open on hover", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Meet Our Team" })).toBeHidden();
    await nav.getByRole("button", { name: "About" }).hover();
    await expect(nav.getByRole("link", { name: "Meet Our Team" })).toBeVisible();
  });
});
