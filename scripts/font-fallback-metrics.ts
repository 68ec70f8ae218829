/**
 * `node --import tsx scripts/font-fallback-metrics.ts`: the metric overrides of the headings'
 * fallback fonts (app/app.css, docs/decisions/017), so that Fraunces arriving after the first paint
 * moves nothing. Chromium measures Fraunces (the woff2 the site serves) and each fallback found on
 * this machine at the headings' weight (600): the width of the site's own headings sets
 * size-adjust, the font's ascent, descent and line gap set the overrides, as fontaine and capsize
 * compute them. Georgia (iPhones, Windows) is not installed on Linux: its figures are Capsize's
 * published metrics (@capsizecss/metrics: Georgia, Fraunces SemiBold).
 */
import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumArgs } from "../tests/support/local";
import { routes } from "../tests/support/routes";

const WEIGHT = 600;
// the file the site serves, cut by scripts/build-font.ts (run `npm run build` first)
const fraunces = readFileSync("app/fonts/fraunces-semibold.woff2").toString("base64");
/** local fonts a phone or laptop may have, in the order app.css tries them */
const fallbacks = [
  { name: "Noto Serif", local: ["Noto Serif", "NotoSerif-Regular"] },
  { name: "DejaVu Serif", local: ["DejaVu Serif", "DejaVuSerif"] },
];
const sample = routes
  .map((r) => r.heading)
  .filter((h): h is string => typeof h === "string")
  .join(" ");

interface Metrics {
  width: number;
  ascent: number;
  descent: number;
  lineGap: number;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: chromiumArgs,
});
const page = await browser.newPage();
await page.setContent(`<style>
  @font-face { font-family: "Measured Fraunces"; font-weight: ${WEIGHT};
    src: url(data:font/woff2;base64,${fraunces}) format("woff2"); }
  ${fallbacks
    .map(
      (f, i) =>
        `@font-face { font-family: "Measured ${i}"; src: ${f.local.map((l) => `local("${l}")`).join(", ")}; }`,
    )
    .join("\n")}
</style>`);

const measured = await page.evaluate(
  async ({ families, sample, weight }) => {
    const size = 1000;
    const out: Record<string, Metrics | null> = {};
    for (const family of families) {
      const loaded = await document.fonts.load(`${weight} ${size}px "${family}"`);
      if (loaded.length === 0) {
        out[family] = null;
        continue;
      }
      const ctx = document.createElement("canvas").getContext("2d")!;
      ctx.font = `${weight} ${size}px "${family}"`;
      const m = ctx.measureText(sample);
      // Line height "normal" is ascent + descent + line gap.
      const line = document.createElement("span");
      line.style.cssText = `font: ${weight} ${size}px "${family}"; line-height: normal; display: inline-block`;
      line.textContent = "Hg";
      document.body.append(line);
      const normal = line.getBoundingClientRect().height;
      line.remove();
      const ascent = m.fontBoundingBoxAscent;
      const descent = m.fontBoundingBoxDescent;
      out[family] = {
        width: m.width / size,
        ascent: ascent / size,
        descent: descent / size,
        lineGap: Math.max(0, normal - ascent - descent) / size,
      };
    }
    return out;
  },
  {
    families: ["Measured Fraunces", ...fallbacks.map((_, i) => `Measured ${i}`)],
    sample,
    weight: WEIGHT,
  },
);
await browser.close();

const target = measured["Measured Fraunces"];
if (!target) throw new Error("Chromium could not load Fraunces");
const pct = (n: number) => `${(n * 100).toFixed(2)}%`;
function face(name: string, local: string[], sizeAdjust: number, m: Omit<Metrics, "width">) {
  return `@font-face {
  font-family: "Fraunces Fallback ${name}";
  src: ${local.map((l) => `local("${l}")`).join(", ")};
  size-adjust: ${pct(sizeAdjust)};
  ascent-override: ${pct(m.ascent / sizeAdjust)};
  descent-override: ${pct(m.descent / sizeAdjust)};
  line-gap-override: ${pct(m.lineGap / sizeAdjust)};
}`;
}

const faces: string[] = [];
fallbacks.forEach((f, i) => {
  const m = measured[`Measured ${i}`];
  if (!m) console.error(`${f.name} is not installed here: skipped`);
  else faces.push(face(f.name.split(" ")[0]!, f.local, target.width / m.width, target));
});
// Capsize: Georgia regular xWidthAvg 913 / 2048 (Chromium draws weight 600 from it as synthetic
// bold, with the same advances); Fraunces SemiBold xWidthAvg 969 / 2000, ascent 1956, descent 510.
const georgiaAdjust = 969 / 2000 / (913 / 2048);
faces.unshift(
  face("Georgia", ["Georgia"], georgiaAdjust, {
    ascent: 1956 / 2000,
    descent: 510 / 2000,
    lineGap: 0,
  }),
);
console.log(`/* Fraunces measured at ${WEIGHT}: ${JSON.stringify(target)} */\n${faces.join("\n")}`);
