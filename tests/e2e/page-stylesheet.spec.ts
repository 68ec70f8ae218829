import { type Page, expect, test } from "@playwright/test";
import { routes } from "../support/routes";
import { gotoHydrated } from "../support/hydration";
import { layOutEverything } from "../support/fixtures";
import { site } from "../../playwright.config";
import { spawnServer } from "../support/spawn-server";

/**
 * Each kept page carries only its part of the stylesheet (server/http/pages/page-stylesheet.ts), and its own
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

/** Every element's computed style under a root, kept in its page: what differences() compares. */
interface Snapshot {
  page: Page;
  name: string;
  /** each element's tag and classes, in order */
  labels: string[];
  /** a hash of each element's styles */
  hashes: string[];
}

/**
 * Takes every element's computed style (and its ::before and ::after) under `root`, in order, and
 * keeps it in the page as `name`. Only each element's label and a hash of its styles come back:
 * the whole of it is several megabytes on the long pages, six times per route, and sending it
 * across was most of this file's minutes in CI. differences() reads back only what differs.
 */
async function snapshot(page: Page, name: string, root = "body"): Promise<Snapshot> {
  const { labels, hashes } = await page.evaluate(
    ([key, selector]) => {
      const describe = (style: CSSStyleDeclaration) => {
        const values: string[] = [];
        for (let i = 0; i < style.length; i++) {
          const property = style.item(i);
          // Custom properties nothing reads are left out of the part; whatever reads one shows
          // in the properties that draw the page.
          if (property.startsWith("--")) continue;
          values.push(`${property}:${style.getPropertyValue(property)}`);
        }
        return values.sort();
      };
      const base = document.querySelector(selector);
      const elements = base ? [base, ...base.querySelectorAll("*")] : [];
      const styles = elements.map((el) => [
        ...describe(getComputedStyle(el)),
        // A pseudo-element exists only with content; most have none, and it is all they say.
        ...(["::before", "::after"] as const).flatMap((pseudo) => {
          const style = getComputedStyle(el, pseudo);
          const values = /^(none|normal)$/.test(style.content)
            ? [`content:${style.content}`]
            : describe(style);
          return values.map((v) => `${pseudo} ${v}`);
        }),
      ]);
      const kept = window as unknown as { snapshots?: Record<string, string[][]> };
      (kept.snapshots ??= {})[key] = styles;
      // Two 32-bit FNV-1a lanes with different seeds: a 64-bit hash of each element's styles.
      const hash = (text: string) => {
        let a = 0x811c9dc5;
        let b = 0x01000193;
        for (let i = 0; i < text.length; i++) {
          const c = text.charCodeAt(i);
          a = Math.imul(a ^ c, 0x01000193);
          b = Math.imul(b ^ c, 0x5bd1e995);
        }
        return `${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}`;
      };
      return {
        labels: elements.map(
          (el) => `${el.tagName.toLowerCase()}.${el.getAttribute("class") ?? ""}`,
        ),
        hashes: styles.map((values) => hash(values.join("\n"))),
      };
    },
    [name, root] as const,
  );
  return { page, name, labels, hashes };
}

/** What differs between two snapshots of the same elements, one line per property. */
async function differences(before: Snapshot, after: Snapshot): Promise<string[]> {
  if (before.hashes.length !== after.hashes.length)
    return [`${before.hashes.length} elements, then ${after.hashes.length}`];
  const differing = before.hashes.flatMap((h, i) => (h === after.hashes[i] ? [] : [i]));
  if (differing.length === 0) return [];
  const read = ({ page, name }: Snapshot) =>
    page.evaluate(
      ([key, indexes]) => {
        const kept = window as unknown as { snapshots: Record<string, string[][]> };
        return indexes.map((i) => kept.snapshots[key]![i]!);
      },
      [name, differing.slice(0, 40)] as const,
    );
  const [was, now] = await Promise.all([read(before), read(after)]);
  const lines: string[] = [];
  differing.slice(0, 40).forEach((index, i) => {
    const label = before.labels[index]!;
    const inAfter = new Set(now[i]);
    const inBefore = new Set(was[i]);
    for (const value of was[i]!) if (!inAfter.has(value)) lines.push(`${label}: ${value} (part)`);
    for (const value of now[i]!) if (!inBefore.has(value)) lines.push(`${label}: ${value} (whole)`);
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
      const shortName = (label: string) => /\._|\s_/.test(label);
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
        const own = await snapshot(page, "own");
        expect(own.labels.filter(shortName)).toEqual([]);
        await addWholeStylesheet(page);
        const ownWhole = await snapshot(page, "own, whole");
        // The short names, as the site serves the page, in a second tab: the first keeps its
        // snapshots for the comparison.
        const served = await page.context().newPage();
        await served.setViewportSize({ width: 390, height: 844 });
        await openPartial(served, path);
        await layOutEverything(served);
        const short = await snapshot(served, "short");
        const sameElements =
          own.hashes.length === ownWhole.hashes.length && own.hashes.length === short.hashes.length;
        if (!sameElements && attempt < 3) {
          await served.close();
          continue;
        }
        expect(await differences(own, ownWhole)).toEqual([]);
        expect(short.labels.filter(shortName).length).toBeGreaterThan(own.labels.length / 2);
        expect(await differences(own, short)).toEqual([]);
        // React, started by a form, links the whole stylesheet after the page's part: an element
        // with short names and names a script uses looks the same with both, on a phone and on a
        // laptop (on /admin/backups a button once moved under a click).
        await addWholeStylesheet(served);
        expect(await differences(short, await snapshot(served, "short, whole"))).toEqual([]);
        await served.setViewportSize({ width: 1280, height: 800 });
        await openPartial(served, path);
        await layOutEverything(served);
        const wide = await snapshot(served, "wide");
        await addWholeStylesheet(served);
        expect(await differences(wide, await snapshot(served, "wide, whole"))).toEqual([]);
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
    const before = await snapshot(page, "dialog", "dialog[open]");
    expect(before.hashes.length).toBeGreaterThan(5);
    await addWholeStylesheet(page);
    expect(
      await differences(before, await snapshot(page, "dialog, whole", "dialog[open]")),
    ).toEqual([]);
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
