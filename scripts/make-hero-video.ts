/**
 * Makes the home hero's looping clip (public/video/hero.webm and hero.mp4) from the practice's own
 * illustration, app/content/images/hero-poster.svg: a calm 12-second loop in which the room
 * breathes (a slow zoom and drift, the people a little more than the wall behind them, so there
 * is some depth) while warm window light wanders across it and the colour warms and cools.
 *
 * Every frame is the SVG with a few transforms and overlays, rendered by sharp; ffmpeg (Debian's
 * `apt-get install ffmpeg`) encodes VP9 WebM and H.264 MP4, muted. The motion is a function of
 * sin(2πt / duration), so the last frame leads straight back into the first.
 *
 * The encoded files are checked in, so building the site needs neither this script nor ffmpeg.
 * A designer with real footage can replace the two files (keep them short, silent and under
 * about 600 KB each) and leave the poster as the first frame's still.
 *
 *   node --import tsx scripts/make-hero-video.ts
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const source = path.join(root, "app/content/images/hero-poster.svg");
const outDir = path.join(root, "public/video");
const WIDTH = 960;
const HEIGHT = 540;
const FPS = 24;
const SECONDS = 12;
const FRAMES = FPS * SECONDS;

const svg = readFileSync(source, "utf8");
const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
// The room (wall, floor, window, the pale circle) comes before the first group; the plant, the
// sofa and the people are groups after it. The room is the far layer, the rest the near one.
const split = inner.indexOf("<g ");
const defsAndFar = inner.slice(0, split);
const near = inner.slice(split);

function frameSvg(i: number): string {
  const t = i / FRAMES; // 0 … 1, and 1 is 0 again
  const a = Math.sin(2 * Math.PI * t);
  const b = Math.cos(2 * Math.PI * t);
  const zoom = 1.035 + 0.025 * a; // never below 1: the edges stay covered
  const farShift = 4 * b;
  const nearShift = 10 * b;
  const lightX = 200 + 260 * (0.5 + 0.5 * a);
  const lightY = 150 + 40 * b;
  const warmth = 0.1 + 0.06 * (0.5 + 0.5 * b);
  const cx = WIDTH / 2;
  const cy = HEIGHT / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs>
  <radialGradient id="light" cx="${lightX}" cy="${lightY}" r="420" gradientUnits="userSpaceOnUse">
    <stop offset="0" stop-color="#fff4d6" stop-opacity="0.55"/>
    <stop offset="0.5" stop-color="#fff4d6" stop-opacity="0.15"/>
    <stop offset="1" stop-color="#fff4d6" stop-opacity="0"/>
  </radialGradient>
</defs>
<g transform="translate(${cx} ${cy}) scale(${zoom}) translate(${-cx} ${-cy})">
  <g transform="translate(${farShift} 0)">${defsAndFar}</g>
  <g transform="translate(${nearShift} 0)">${near}</g>
</g>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#light)"/>
<rect width="${WIDTH}" height="${HEIGHT}" fill="#e8a25a" opacity="${warmth.toFixed(3)}"/>
</svg>`;
}

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"] });
  if (r.error) throw new Error(`${cmd} could not run (apt-get install ffmpeg): ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} exited with ${r.status}`);
}

const frames = mkdtempSync(path.join(tmpdir(), "hero-frames-"));
try {
  for (let i = 0; i < FRAMES; i++) {
    await sharp(Buffer.from(frameSvg(i)))
      .png({ compressionLevel: 1 })
      .toFile(path.join(frames, `f${String(i).padStart(4, "0")}.png`));
  }
  mkdirSync(outDir, { recursive: true });
  const input = [
    "-y",
    "-loglevel",
    "error",
    "-framerate",
    String(FPS),
    "-i",
    path.join(frames, "f%04d.png"),
  ];
  const webm = path.join(outDir, "hero.webm");
  const mp4 = path.join(outDir, "hero.mp4");
  run("ffmpeg", [
    ...input,
    "-an",
    "-c:v",
    "libvpx-vp9",
    "-b:v",
    "0",
    "-crf",
    "42",
    "-row-mt",
    "1",
    "-deadline",
    "good",
    "-cpu-used",
    "2",
    "-pix_fmt",
    "yuv420p",
    webm,
  ]);
  run("ffmpeg", [
    ...input,
    "-an",
    "-c:v",
    "libx264",
    "-preset",
    "slow",
    "-crf",
    "28",
    "-pix_fmt",
    "yuv420p",
    "-movflags",
    "+faststart",
    "-profile:v",
    "high",
    mp4,
  ]);
  for (const file of [webm, mp4]) {
    const kb = statSync(file).size / 1024;
    console.log(`${path.relative(root, file)}: ${kb.toFixed(0)} KB`);
    if (kb > 600) console.warn(`  larger than 600 KB: raise -crf for ${path.extname(file)}`);
  }
} finally {
  rmSync(frames, { recursive: true, force: true });
}
