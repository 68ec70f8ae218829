import { type Page, expect, test } from "@playwright/test";
import { routes } from "../support/routes";
import { gotoHydrated } from "../support/hydration";

/**
 * Each kept page carries only its part of the stylesheet (server/page-stylesheet.ts). These tests
 * compare every element's computed style with the part and with the whole stylesheet: the cut may
 * make the page lighter, never different.
 */

/**
 * Opens `path` as the page cache serves it: with its own part of the stylesheet. Twice, so that
 * the headings' font (`font-display: optional`) is on the device and drawn in both snapshots.
 */
async function openPartial(page: Page, path: string) {
  // The sliders hold still, so that the two snapshots see the same slide.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(path);
  await page.evaluate(() => document.fonts.ready);
  await expect(async () => {
    await gotoHydrated(page, path);
    await expect(page.locator("style[data-partial]")).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** Every element's computed style (and its ::before and ::after) under `root`, in order. */
function computedStyles(page: Page, root = "body") {
  return page.evaluate((selector) => {
    const base = document.querySelector(selector);
    if (!base) return [];
    const describe = (style: CSSStyleDeclaration) => {
      const values: string[] = [];
      for (let i = 0; i < style.length; i++) {
        const name = style.item(i);
        // Custom properties nothing reads are left out of the part; whatever reads one shows
        // in the properties that draw the page.
        if (name.startsWith("--")) continue;
        values.push(`${name}:${style.getPropertyValue(name)}`);
      }
      return values.sort();
    };
    return [base, ...base.querySelectorAll("*")].map((el) => {
      const label = `${el.tagName.toLowerCase()}.${el.getAttribute("class") ?? ""}`;
      return {
        label,
        values: [
          ...describe(getComputedStyle(el)),
          // A pseudo-element exists only with content; most have none, and it is all they say.
          ...(["::before", "::after"] as const).flatMap((pseudo) => {
            const style = getComputedStyle(el, pseudo);
            const values = /^(none|normal)$/.test(style.content)
              ? [`content:${style.content}`]
              : describe(style);
            return values.map((v) => `${pseudo} ${v}`);
          }),
        ],
      };
    });
  }, root);
}

type Styles = Awaited<ReturnType<typeof computedStyles>>;

/** What differs between two snapshots of the same elements, one line per property. */
function differences(before: Styles, after: Styles): string[] {
  const lines: string[] = [];
  if (before.length !== after.length) return [`${before.length} elements, then ${after.length}`];
  before.forEach((element, i) => {
    const now = new Set(after[i]!.values);
    const was = new Set(element.values);
    for (const value of element.values)
      if (!now.has(value)) lines.push(`${element.label}: ${value} (part)`);
    for (const value of after[i]!.values)
      if (!was.has(value)) lines.push(`${element.label}: ${value} (whole)`);
  });
  return lines.slice(0, 40);
}

/** Links the whole stylesheet, as React does before it starts, and waits until it applies. */
async function addWholeStylesheet(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const style = document.querySelector<HTMLStyleElement>("style[data-partial]")!;
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = style.dataset.href!;
        link.onload = () => resolve();
        link.onerror = () => reject(new Error("the whole stylesheet did not load"));
        document.head.append(link);
      }),
  );
}

/**
 * Every page that hydrates on demand: the kept ones, and those rendered per request (not in the
 * sitemap), which are cut as they are sent. The story's days after the first share its page's
 * template and classes.
 */
const onDemand = [...routes.map((r) => r.path), "/no-such-page"].filter(
  (path) => !/\/day-[2-9]$/.test(path),
);

test.describe("a page's own part of the stylesheet", () => {
  for (const path of onDemand) {
    test(`${path} looks exactly as with the whole stylesheet`, async ({ page }) => {
      // Every element's computed style, twice: the long pages take a minute on a busy machine.
      test.slow();
      await page.setViewportSize({ width: 390, height: 844 });
      await openPartial(page, path);
      const partial = await page.locator("style[data-partial]").textContent();
      const whole = await (
        await page.request.get(
          (await page.locator("style[data-partial]").getAttribute("data-href")) ?? "",
        )
      ).text();
      expect(partial!.length).toBeLessThan(whole.length);
      // If the page's elements changed between the two snapshots (CI once saw 212, then 210 on
      // /thank-you: something added or took elements meanwhile), the comparison says nothing about
      // styles: take both again on a fresh copy of the page, up to three times. A style that
      // differs is reported at once.
      for (let attempt = 1; ; attempt++) {
        const before = await computedStyles(page);
        await addWholeStylesheet(page);
        const after = await computedStyles(page);
        if (before.length === after.length || attempt === 3) {
          expect(differences(before, after)).toEqual([]);
          break;
        }
        await openPartial(page, path);
      }
    });
  }

  test("a page that starts React at load carries the whole stylesheet", async ({ request }) => {
    // The editor's pages do; on this site, with editing off, /admin is its 404 page.
    const html = await (await request.get("/admin")).text();
    expect(html).toContain('data-react="page"');
    expect(html).toMatch(/<style data-href="\/assets\/app-[\w-]+\.css">/);
  });

  test("what the small script builds without React (a service's dialog) is styled by the part", async ({
    page,
  }) => {
    await openPartial(page, "/services");
    await page
      .getByRole("main")
      .getByRole("button", { name: /introductory consultation/i })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    const before = await computedStyles(page, "dialog[open]");
    expect(before.length).toBeGreaterThan(5);
    await addWholeStylesheet(page);
    expect(differences(before, await computedStyles(page, "dialog[open]"))).toEqual([]);
  });

  test("React links the whole stylesheet before it starts", async ({ page }) => {
    await openPartial(page, "/values");
    const href = await page.locator("style[data-partial]").getAttribute("data-href");
    await expect(page.locator(`link[rel="stylesheet"][href="${href}"]`)).toHaveCount(0);
    await page.getByRole("contentinfo").getByLabel("Your e-mail for the newsletter").focus();
    await expect(page.locator("html")).toHaveAttribute("data-react-hydrated", "true");
    await expect(page.locator(`link[rel="stylesheet"][href="${href}"]`)).toHaveCount(1);
    // A page reached by React's own link brings classes /values does not have: they are styled.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Services" })
      .click();
    const tab = page.getByRole("tab", { selected: true });
    await expect(tab).toBeVisible();
    await expect(page.locator("style[data-partial]")).toHaveCount(1); // no reload
    await expect(tab).toHaveCSS("background-color", "rgb(29, 77, 74)"); // data-[state=active]:bg-teal-800
    await expect(page.locator(`link[rel="stylesheet"][href="${href}"]`)).toHaveCount(1);
  });
});
