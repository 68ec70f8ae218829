import { type Page, expect, test } from "@playwright/test";
import { routes } from "../support/routes";
import { gotoHydrated } from "../support/hydration";
import { layOutEverything } from "../support/fixtures";
import { site } from "../../playwright.config";
import { spawnServer } from "../support/spawn-server";

/**
 * Each kept page carries only its part of the stylesheet (server/page-stylesheet.ts), and its own
 * classes under short names. These tests compare every element's computed style with the part and
 * with the whole stylesheet, on a server that keeps the classes' own names (FULL_CLASS_NAMES), and
 * between that server's page and the short-named one: the cut and the names may make the page
 * lighter, never different.
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

let fullNames: Awaited<ReturnType<typeof spawnServer>>;

test.describe("a page's own part of the stylesheet", () => {
  test.beforeAll(async () => {
    // The suite's own settings (Paystack, the scheduling provider…), so that the pages are the same.
    const { PORT: _port, SITE_URL: _url, ...env } = site("http://127.0.0.1:1", {}).env;
    fullNames = await spawnServer({ ...env, FULL_CLASS_NAMES: "true" });
  });
  test.afterAll(async () => {
    await fullNames?.stop();
  });

  for (const path of onDemand) {
    test(`${path} looks exactly as with the whole stylesheet, under its classes' own names and short ones`, async ({
      page,
    }) => {
      // Every element's computed style, six times: the long pages take minutes on a busy machine.
      test.slow();
      await page.setViewportSize({ width: 390, height: 844 });
      const shortName = (element: { label: string }) => /\._|\s_/.test(element.label);
      // If the page's elements changed between two snapshots (CI once saw 212, then 210 on
      // /thank-you: something added or took elements meanwhile), the comparison says nothing about
      // styles: take them again on fresh copies of the page, up to three times. A style that
      // differs is reported at once.
      for (let attempt = 1; ; attempt++) {
        // The classes' own names: the page's part of the stylesheet, then the whole one added.
        await openPartial(page, fullNames.url + path);
        await layOutEverything(page);
        const partial = await page.locator("style[data-partial]").textContent();
        const href = await page.locator("style[data-partial]").getAttribute("data-href");
        const whole = await (await page.request.get(href ?? "")).text();
        expect(partial!.length).toBeLessThan(whole.length);
        const own = await computedStyles(page);
        expect(own.filter(shortName)).toEqual([]);
        await addWholeStylesheet(page);
        const ownWhole = await computedStyles(page);
        // The short names, as the site serves the page.
        await openPartial(page, path);
        await layOutEverything(page);
        const short = await computedStyles(page);
        const sameElements = own.length === ownWhole.length && own.length === short.length;
        if (!sameElements && attempt < 3) continue;
        expect(differences(own, ownWhole)).toEqual([]);
        expect(short.filter(shortName).length).toBeGreaterThan(own.length / 2);
        expect(differences(own, short)).toEqual([]);
        // React, started by a form, links the whole stylesheet after the page's part: an element
        // with short names and names a script uses looks the same with both, on a phone and on a
        // laptop (on /admin/backups a button once moved under a click).
        await addWholeStylesheet(page);
        expect(differences(short, await computedStyles(page))).toEqual([]);
        await page.setViewportSize({ width: 1280, height: 800 });
        await openPartial(page, path);
        await layOutEverything(page);
        const wide = await computedStyles(page);
        await addWholeStylesheet(page);
        expect(differences(wide, await computedStyles(page))).toEqual([]);
        break;
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
    await openPartial(page, `${fullNames.url}/services`);
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
