/**
 * Draws the favicon, app icons and the social-sharing image from SVG into public/. Run after
 * changing the mark or the practice's name: `npx tsx scripts/make-icons.ts`. The outputs are
 * committed, so a fresh install needs nothing but npm.
 */
import { writeFileSync } from "node:fs";
import sharp from "sharp";
import { practice } from "../app/content/site";

const mark = (size: number, pad = 0) => `
<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${-pad} ${-pad} ${40 + 2 * pad} ${40 + 2 * pad}">
  <rect x="${-pad}" y="${-pad}" width="${40 + 2 * pad}" height="${40 + 2 * pad}" fill="#1d4d4a"/>
  <path d="M14.5 13.5c-2.6 0-4.5 2-4.5 4.5 0 4.8 6.4 8.6 8 9.6 0 0 .6-.4 1.4-1M25.5 13.5c2.6 0 4.5 2 4.5 4.5 0 4.8-6.4 8.6-8 9.6-1.6-1-8-4.8-8-9.6" fill="none" stroke="#fbf7f2" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="M14.5 13.5c1.9 0 3.4 1.1 4.2 2.7.4.8 1.2.8 1.6 0 .8-1.6 2.3-2.7 4.2-2.7" fill="none" stroke="#d9a441" stroke-width="2.2" stroke-linecap="round"/>
</svg>`;

const roundMark = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="20" fill="#1d4d4a"/>${mark(
  40,
)
  .split("\n")
  .filter((l) => l.includes("<path"))
  .join("")}</svg>`;

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

const og = `
<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#fbf7f2"/>
  <circle cx="1040" cy="120" r="260" fill="#f3ebe0"/>
  <circle cx="1120" cy="560" r="180" fill="#dcebe8"/>
  <path d="M80 520 C 300 420, 480 620, 720 500 S 1060 430, 1160 520" fill="none" stroke="#d9a441" stroke-width="6" stroke-linecap="round"/>
  <g transform="translate(80 80) scale(3)">${roundMark.replace(/<\/?svg[^>]*>/g, "")}</g>
  <text x="80" y="300" font-family="Georgia, serif" font-size="68" font-weight="700" fill="#163d3b">${escape(practice.name)}</text>
  <text x="80" y="370" font-family="Georgia, serif" font-size="36" fill="#4f5b5c">${escape(practice.tagline)}</text>
  <text x="80" y="430" font-family="Arial, sans-serif" font-size="28" fill="#a43d27">Lekki, Lagos · In person and online worldwide</text>
</svg>`;

async function png(svg: string, size: number) {
  return sharp(Buffer.from(svg)).resize(size, size).png({ compressionLevel: 9 }).toBuffer();
}

/** A .ico holding one PNG image (supported by every current browser). */
function ico(pngData: Buffer, size: number) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(pngData.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, pngData]);
}

writeFileSync("public/icon.svg", roundMark);
writeFileSync("public/favicon.ico", ico(await png(roundMark, 32), 32));
writeFileSync("public/apple-touch-icon.png", await png(mark(180, 4), 180));
writeFileSync("public/icon-192.png", await png(mark(192, 4), 192));
writeFileSync("public/icon-512.png", await png(mark(512, 4), 512));
writeFileSync(
  "public/og-image.png",
  await sharp(Buffer.from(og)).png({ compressionLevel: 9, palette: true }).toBuffer(),
);
writeFileSync(
  "public/site.webmanifest",
  JSON.stringify(
    {
      name: practice.name,
      short_name: practice.shortName,
      description: practice.tagline,
      start_url: "/",
      display: "standalone",
      background_color: "#fbf7f2",
      theme_color: "#1d4d4a",
      icons: [
        { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
        { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
        { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    null,
    2,
  ) + "\n",
);
console.log("icons written to public/");
